// The one card of a page's section (My Profile's and the admin panel's cards): a title (with an
// optional icon), a description, the body, and what follows the body (its dialogs). QueryCard is
// the same card whose body is what one query loaded: a skeleton while it loads, the load error
// with Try again if it failed, else its content
// (docs/product.md, "Load errors and empty states").
import type { HTMLAttributes, ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";
import { QueryErrorState } from "./error-state";
import { Skeleton } from "./skeleton";

export interface SectionCardProps extends Omit<HTMLAttributes<HTMLDivElement>, "title" | "children"> {
  title: ReactNode;
  /** Shown before the title. */
  icon?: LucideIcon;
  description?: ReactNode;
  /** The title's id: the card is then a region named by its title. */
  titleId?: string;
  contentClassName?: string;
  children?: ReactNode;
  /** What follows the body in the card (its dialogs). */
  after?: ReactNode;
}

export function SectionCard({ title, icon: Icon, description, titleId, className, contentClassName, children, after, ...props }: SectionCardProps) {
  return (
    <Card className={className} {...(titleId ? { role: "region", "aria-labelledby": titleId } : {})} {...props}>
      <CardHeader>
        <CardTitle id={titleId} className={Icon ? "flex items-center gap-2" : undefined}>
          {Icon && <Icon className="size-5 text-primary" aria-hidden="true" />}
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
      {after}
    </Card>
  );
}

export interface QueryCardProps<T> extends Omit<SectionCardProps, "children"> {
  query: UseQueryResult<T>;
  /** The load-error text, e.g. 'Failed to load disputes'. */
  failed: string;
  /** The skeleton's size while loading. */
  skeletonClassName: string;
  /** The content once loaded. */
  children: (data: T) => ReactNode;
}

export function QueryCard<T>({ query, failed, skeletonClassName, children, ...card }: QueryCardProps<T>) {
  return (
    <SectionCard {...card}>
      {query.isPending ? (
        <Skeleton className={skeletonClassName} />
      ) : query.isError ? (
        <QueryErrorState query={query} message={failed} />
      ) : (
        children(query.data)
      )}
    </SectionCard>
  );
}
