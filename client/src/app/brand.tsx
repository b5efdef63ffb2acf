import { Link } from "wouter";
import { cn } from "@/lib/utils";
import { APP_NAME } from "@/lib/use-document-title";

/** The racket-and-ball mark (same drawing as /favicon.svg). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <g transform="rotate(-45 12.5 12.5)" fill="none" stroke="#fff" strokeLinecap="round">
        <ellipse cx="12.5" cy="12.5" rx="7" ry="8.5" strokeWidth="2" />
        <path d="M9 5.9v13.2M12.5 4.8v15.4M16 5.9v13.2M7 8.5h11M6.2 12.5h12.6M7 16.5h11" strokeWidth="1" opacity=".8" />
        <path d="M12.5 21v8" strokeWidth="3" />
      </g>
      <circle cx="24.5" cy="7.5" r="3.2" fill="#fde047" />
    </svg>
  );
}

/** Logo + app name, linking home. */
export function BrandLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className={cn("inline-flex items-center gap-2.5 text-lg font-bold tracking-tight", className)}
    >
      <BrandMark />
      <span>{APP_NAME}</span>
    </Link>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
