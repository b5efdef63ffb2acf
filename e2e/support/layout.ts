// Measuring a screen's width in the browser: the page must not be wider than the viewport, no box
// may scroll sideways (a table squeezed into a phone), and every open dialog must fit on screen.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, heightFor, PHONE, settle, SMALL_PHONE } from "./browser";

/** 320 (small phones), 390 (phones) and 1280 (laptops). */
export const WIDTHS = [SMALL_PHONE.width, PHONE.width, DESKTOP.width] as const;

export interface WidthReport {
  width: number;
  scrollWidth: number;
  /** The deepest elements sticking out of the viewport (not inside a box that clips them). */
  outside: string[];
  /** Boxes that scroll sideways: content wider than the box. */
  sideways: string[];
  /** Open dialogs that do not fit in the viewport, or scroll sideways. */
  dialogs: string[];
  /**
   * Short words (2-14 characters: labels, figures, dates) split over two lines: a box too narrow
   * for its own label. Member-typed long words may break; these may not (nor at a hyphen).
   */
  brokenWords: string[];
}

/** Runs in the page: what sticks out at the current viewport width. */
function measure(): Omit<WidthReport, "width"> {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const describe = (el: Element) => {
    const cls = typeof el.className === "string" ? el.className.split(/\s+/).filter(Boolean).slice(0, 4).join(".") : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const r = el.getBoundingClientRect();
    return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}> [${Math.round(r.left)}..${Math.round(r.right)}] "${text}"`;
  };
  const clips = (el: Element) => {
    const s = getComputedStyle(el);
    return s.overflowX !== "visible";
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const s = getComputedStyle(el);
    if (s.visibility === "hidden" || s.display === "none") return false;
    // Screen-reader-only text is a 1 px box by design.
    if (s.position === "absolute" && r.width <= 1 && r.height <= 1) return false;
    return true;
  };
  const all = Array.from(document.body.querySelectorAll("*"));
  const out = new Set<Element>();
  for (const el of all) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right <= vw + 0.5 && r.left >= -0.5) continue;
    // Inside a box that clips or scrolls sideways: that box is judged instead.
    let clipped = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (clips(p)) {
        clipped = true;
        break;
      }
    }
    if (!clipped) out.add(el);
  }
  const deepest = [...out].filter((el) => ![...out].some((other) => other !== el && el.contains(other)));
  const sideways = all
    .filter((el) => visible(el) && ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${describe(el)} scrolls ${el.scrollWidth}px in ${el.clientWidth}px`);
  const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
    .filter(visible)
    .flatMap((el) => {
      const r = el.getBoundingClientRect();
      const problems: string[] = [];
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5)
        problems.push(`${describe(el)} is [${Math.round(r.left)},${Math.round(r.top)} .. ${Math.round(r.right)},${Math.round(r.bottom)}] in ${vw}x${vh}`);
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
      return problems;
    });
  const brokenWords: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode() && brokenWords.length < 8) {
    const node = walker.currentNode as Text;
    const el = node.parentElement;
    // Member-typed text (ClampedText: wrap-anywhere) may break anywhere, by design.
    if (!el || !visible(el) || el.closest(".wrap-anywhere")) continue;
    // Whole runs between spaces, without a hyphen (a legitimate place to break).
    const words = /[^\s\u00a0]+/g;
    for (let m = words.exec(node.data); m; m = words.exec(node.data)) {
      if (m[0].length < 2 || m[0].length > 14 || m[0].includes("-")) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) brokenWords.push(`"${m[0]}" in ${describe(el)}`);
    }
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    outside: deepest.slice(0, 8).map(describe),
    sideways: sideways.slice(0, 8),
    dialogs,
    brokenWords,
  };
}

/** Sets the viewport to `width` (and a phone's or laptop's height) and measures. */
export async function measureAt(page: Page, width: number): Promise<WidthReport> {
  await page.setViewportSize({ width, height: heightFor(width) });
  await settle(page);
  return { width, ...(await page.evaluate(measure)) };
}

/** Fails with the offending elements when the screen is wider than the viewport at `width`. */
export async function expectFitsAt(page: Page, width: number, screen: string): Promise<void> {
  const report = await measureAt(page, width);
  expect(
    {
      scrollWidth: report.scrollWidth <= width ? width : report.scrollWidth,
      outside: report.outside,
      sideways: report.sideways,
      dialogs: report.dialogs,
      brokenWords: report.brokenWords,
    },
    `${screen} at ${width} px`,
  ).toEqual({ scrollWidth: width, outside: [], sideways: [], dialogs: [], brokenWords: [] });
}

/** The element is wholly inside the viewport as it is (nothing scrolled). */
export async function expectOnScreen(page: Page, selector: ReturnType<Page["locator"]>, what: string): Promise<void> {
  const box = await selector.boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(
    { left: box!.x >= -0.5, right: box!.x + box!.width <= size.width + 0.5, top: box!.y >= -0.5, bottom: box!.y + box!.height <= size.height + 0.5 },
    `${what} at ${size.width} px: ${JSON.stringify(box)}`,
  ).toEqual({ left: true, right: true, top: true, bottom: true });
}
