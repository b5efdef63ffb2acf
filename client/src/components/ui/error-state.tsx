import type { ReactNode } from "react";
import { CircleAlert, RotateCw } from "lucide-react";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { Button } from "./button";

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
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border border-destructive-border bg-destructive-soft px-6 py-8 text-center",
        className,
      )}
    >
      <CircleAlert className="size-7 text-destructive-text" aria-hidden="true" />
      <p className="font-medium text-destructive-text">{message}</p>
      {detail && <p className="max-w-md text-sm text-foreground">{detail}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} loading={retrying}>
          {!retrying && <RotateCw aria-hidden="true" />}
          Try again
        </Button>
      )}
    </div>
  );
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
