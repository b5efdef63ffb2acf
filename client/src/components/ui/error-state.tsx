import type { ReactNode } from "react";
import { CircleAlert, RotateCw } from "lucide-react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { StatePanel } from "./state-panel";

export interface ErrorStateProps {
  /** The load-error text (docs/product.md, "Load errors and empty states"), e.g. 'Failed to load match history'. */
  message: ReactNode;
  /** Optional detail (e.g. the server's message). */
  detail?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ message, detail, onRetry, retrying, className }: ErrorStateProps) {
  const retry = onRetry && (
    <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
      {!retrying && <RotateCw aria-hidden="true" />}
      Try again
    </Button>
  );
  return <StatePanel tone="error" icon={CircleAlert} title={message} description={detail} action={retry} className={className} />;
}

/** What QueryErrorState reads of a failed query (TanStack Query's result has all of it). */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A query's load error: the message, the error's own text as detail, and Try again (busy while it refetches). */
export function QueryErrorState({ query, message, className }: { query: FailedQuery; message: ReactNode; className?: string }) {
  return (
    <ErrorState
      className={className}
      message={message}
      detail={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
