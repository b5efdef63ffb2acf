import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Join class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its lookup of every Tailwind class group on its first call: tens of
 * milliseconds on a slow phone, once per page load. main.tsx calls this in a task of its own just
 * after the first render (a spinner that needs no merging), so that cost is not added to the
 * render of whichever screen first calls cn().
 */
export function prepareClassMerge(): void {
  twMerge("p-0");
}
