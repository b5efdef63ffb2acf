import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

interface ControlProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-required"?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The error text (e.g. `errors.username?.message`); shown below the control, announced politely. */
  error?: string;
  /** Help text shown below the control. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Rendered right of the label (e.g. a character counter or a "Forgot?" link). */
  labelAside?: ReactNode;
  /** Exactly one control element: Input, PasswordInput, Textarea, Select… */
  children: ReactElement<ControlProps>;
}

/**
 * Label + control + hint + error, wired for screen readers: the control gets an id (unless it has
 * one), aria-describedby (hint and error) and aria-invalid. Works with react-hook-form:
 *   <FormField label="Username" error={errors.username?.message}><Input {...register("username")} /></FormField>
 */
export function FormField({ label, error, hint, required, className, labelAside, children }: FormFieldProps) {
  const autoId = useId();
  const child = isValidElement(children) ? children : null;
  const id = child?.props.id ?? `${autoId}-control`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy =
    [child?.props["aria-describedby"], hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>
          {label}
          {required && (
            <span className="ml-0.5 text-destructive-text" aria-hidden="true">
              *
            </span>
          )}
        </Label>
        {labelAside}
      </div>
      {child &&
        cloneElement(child, {
          id,
          "aria-describedby": describedBy,
          "aria-invalid": error ? true : child.props["aria-invalid"],
          "aria-required": required || child.props["aria-required"],
        })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive-text" aria-live="polite">
          {error}
        </p>
      )}
    </div>
  );
}
