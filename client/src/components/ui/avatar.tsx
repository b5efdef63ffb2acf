import { useState } from "react";
import { initials } from "@/lib/text";
import { cn } from "@/lib/utils";

export interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
  size?: "sm" | "md" | "lg" | "xl";
  /** Set when the avatar stands alone (no visible name next to it); otherwise it is decorative. */
  label?: string;
}

const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-14 text-lg", xl: "size-20 text-2xl" } as const;

/** An image avatar that falls back to the name's initials (also when the image fails to load). */
export function Avatar({ name, src, className, size = "md", label }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-teal-100 font-semibold text-teal-900",
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img src={src!} alt="" className="size-full object-cover" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
