import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** Optional label rendered to the right of the box (clicking it toggles the box). */
  label?: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { className, label, id, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const box = (
    <input
      ref={ref}
      id={inputId}
      type="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
        !label && className,
      )}
      {...props}
    />
  );
  if (!label) return box;
  return (
    <div className={cn("flex items-start gap-2", className)}>
      <span className="flex h-5 items-center">{box}</span>
      <label htmlFor={inputId} className="cursor-pointer text-sm leading-5 text-foreground">
        {label}
      </label>
    </div>
  );
});
