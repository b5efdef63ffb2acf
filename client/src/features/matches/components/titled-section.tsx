// A part of a match's details or of the statistics: a section named by its small heading.
import type { ReactNode } from "react";

export function TitledSection({
  id,
  title,
  className = "space-y-2",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="text-sm font-semibold text-foreground">
        {title}
      </h3>
      {children}
    </section>
  );
}
