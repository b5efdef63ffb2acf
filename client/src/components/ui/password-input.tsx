import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { Eye, EyeOff } from "lucide-react";
import { cn } from "@/lib/utils";
import { FormField } from "./form-field";
import { inputClasses } from "./input";

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/** A password field with a show/hide toggle button. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput({ className, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <div className="relative">
        <input
          ref={ref}
          type={visible ? "text" : "password"}
          className={cn(inputClasses, "pr-11", className)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          disabled={props.disabled}
          className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring disabled:cursor-not-allowed"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    );
  },
);

/** A new password's field: required, with the rule it must meet as its hint. */
export const NewPasswordField = forwardRef<HTMLInputElement, PasswordInputProps & { label?: string; error?: string }>(
  function NewPasswordField({ label = "Password", error, ...props }, ref) {
    return (
      <FormField label={label} required error={error} hint="At least 6 characters, with an uppercase letter and a number.">
        <PasswordInput ref={ref} autoComplete="new-password" {...props} />
      </FormField>
    );
  },
);

/** The new password typed again: required, no hint. */
export const ConfirmPasswordField = forwardRef<HTMLInputElement, PasswordInputProps & { error?: string }>(
  function ConfirmPasswordField({ error, ...props }, ref) {
    return (
      <FormField label="Confirm password" required error={error}>
        <PasswordInput ref={ref} autoComplete="new-password" {...props} />
      </FormField>
    );
  },
);
