import { useEffect, useRef, useState, type ElementType } from "react";
import { cn } from "@/lib/utils";

const CLAMP = { 1: "line-clamp-1", 2: "line-clamp-2", 3: "line-clamp-3" } as const;

export interface ClampedTextProps {
  /** The member-typed text: a team or member name, an email, a username. */
  children: string;
  /** Cut after this many lines with an ellipsis; without it the text wraps in full. */
  lines?: keyof typeof CLAMP;
  className?: string;
  as?: ElementType;
  /** For `as="h3"` etc. */
  id?: string;
}

/**
 * One ResizeObserver for every ClampedText on the page (a ladder page has hundreds): the changes of
 * all of them come in one callback, where an observer each made a callback per element. It calls
 * each element's own check, once after it starts observing it and then on every change of its size.
 */
const checks = new WeakMap<Element, () => void>();
let observer: ResizeObserver | undefined;

function observeSize(el: Element, check: () => void): () => void {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) checks.get(entry.target)?.();
  });
  checks.set(el, check);
  observer.observe(el);
  return () => {
    observer?.unobserve(el);
    checks.delete(el);
  };
}

/**
 * Text a member typed, which may be very long or one unbroken word: it breaks anywhere rather than
 * widen its box, and with `lines` it is cut with an ellipsis. A cut text shows in full on hover (its
 * title) and on keyboard focus (it becomes focusable, and the cut lifts while it has focus), so
 * nothing is out of reach on a phone or without a mouse. Screen readers always read it in full.
 */
export function ClampedText({ children, lines, className, as: Tag = "span", id }: ClampedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);

  // Measured by the observer alone, which reports an element after the browser's own layout once it
  // starts observing it. The cut itself is CSS (line-clamp) from the first frame; what the
  // measurement adds (the title, focusability) follows a frame later. Measuring in a layout effect
  // as well forced a layout of the whole page in the middle of React's commit (the longest task of
  // My Challenges on a slow phone).
  useEffect(() => {
    const el = ref.current;
    if (!el || !lines) return;
    const check = () => {
      // While focused the cut is lifted: keep the state, or the element would lose its focus.
      if (document.activeElement === el) return;
      setCut(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    };
    return observeSize(el, check);
  }, [children, lines]);

  return (
    <Tag
      ref={ref}
      id={id}
      title={cut ? children : undefined}
      tabIndex={cut ? 0 : undefined}
      className={cn(
        "min-w-0 wrap-anywhere",
        lines && CLAMP[lines],
        cut && "rounded-sm focus-visible:line-clamp-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </Tag>
  );
}
