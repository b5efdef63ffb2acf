// The one pager (docs/product.md, "Lists and paging"): previous / next and numbered pages, a window
// around the current page on long lists. Give it the Page the server answered; it hides itself
// when there is a single page. On a phone Previous and Next show only their arrows (the words stay
// for screen readers) and the window of numbers is narrower, so the row fits on one line at 320 px.
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { Page } from "@shared/paging";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { Button } from "./button";

export function pageWindow(page: number, totalPages: number, width = 5): (number | "gap")[] {
  if (totalPages <= width + 2) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const half = Math.floor(width / 2);
  let start = Math.max(2, page - half);
  const end = Math.min(totalPages - 1, start + width - 1);
  start = Math.max(2, end - width + 1);
  const out: (number | "gap")[] = [1];
  if (start > 2) out.push("gap");
  for (let p = start; p <= end; p++) out.push(p);
  if (end < totalPages - 1) out.push("gap");
  out.push(totalPages);
  return out;
}

export function Pager({
  of,
  onPageChange,
  label,
  noun,
  className,
}: {
  /** The page shown (its items are not read). */
  of: Omit<Page<unknown>, "items">;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name, e.g. "Match history pages". */
  label: string;
  /** When given, the total is shown too: "12 teams". */
  noun?: string;
  /** Room around it where it shows (nothing is rendered for a single page, room included). */
  className?: string;
}) {
  const { page, totalPages, total } = of;
  if (totalPages <= 1) return null;
  // Phones get a narrower window (1 … 4 5 6 … 10) than wider screens (1 … 3 4 5 6 7 … 10).
  const wide = pageWindow(page, totalPages);
  const narrow = pageWindow(page, totalPages, 3);
  const numbers = (window: (number | "gap")[]) =>
    window.map((p, i) =>
      p === "gap" ? (
        <span key={`gap-${i}`} className="px-1 text-muted-foreground max-sm:px-0" aria-hidden="true">
          …
        </span>
      ) : (
        <Button
          key={p}
          size="sm"
          variant={p === page ? "default" : "ghost"}
          aria-current={p === page ? "page" : undefined}
          aria-label={`Page ${p}`}
          className="min-w-8 max-sm:px-2"
          onClick={() => onPageChange(p)}
        >
          {p}
        </Button>
      ),
    );
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-center gap-1 max-sm:gap-0.5", className)}>
      <Button variant="outline" size="sm" className="max-sm:px-2" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">Previous</span>
      </Button>
      {narrow.join() === wide.join() ? (
        numbers(wide)
      ) : (
        <>
          <span className="contents sm:hidden">{numbers(narrow)}</span>
          <span className="hidden sm:contents">{numbers(wide)}</span>
        </>
      )}
      <Button variant="outline" size="sm" className="max-sm:px-2" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        <span className="max-sm:sr-only">Next</span>
        <ChevronRight aria-hidden="true" />
      </Button>
      {noun && <p className="basis-full pt-1 text-center text-sm text-muted-foreground">{formatCount(total, noun)}</p>}
    </nav>
  );
}
