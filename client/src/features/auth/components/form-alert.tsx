import { AlertCircle } from "lucide-react";

/** The server's refusal, shown inside the form (the toast may be gone before it is read). */
export function FormAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive-border bg-destructive-soft px-3 py-2.5 text-sm text-destructive-text"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {title && <strong className="font-semibold">{title}: </strong>}
        {message}
      </p>
    </div>
  );
}
