// An admin card that shows what one query loaded: a skeleton while it loads, the load error with a
// retry if it failed (docs/product.md, "Load errors and empty states"), else its content.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";

export interface QueryCardProps<T> {
  title: ReactNode;
  description: ReactNode;
  query: UseQueryResult<T>;
  /** The load-error text, e.g. 'Failed to load disputes'. */
  failed: string;
  /** The skeleton's size while loading. */
  skeletonClassName: string;
  /** The content once loaded. */
  children: (data: T) => ReactNode;
  /** What follows the content in the card (its dialogs). */
  after?: ReactNode;
}

export function QueryCard<T>({ title, description, query, failed, skeletonClassName, children, after }: QueryCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className={skeletonClassName} />
        ) : query.isError ? (
          <QueryErrorState query={query} message={failed} />
        ) : (
          children(query.data)
        )}
      </CardContent>
      {after}
    </Card>
  );
}
