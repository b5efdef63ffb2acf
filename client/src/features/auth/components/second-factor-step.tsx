// The sign-in code step of an account with two-step sign-in: after the password, a 6-digit code from
// the authenticator app (or a recovery code). A timed-out step goes back to the password.
import { useState, type FormEvent } from "react";
import { SECOND_FACTOR_CODE_MESSAGE } from "@shared/validators/second-factor-messages";
import type { CurrentUser } from "@shared/api";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useLoginSecondFactor } from "../api/login-second-factor";
import { FormAlert } from "./form-alert";

export interface SecondFactorStepProps {
  prompt: string;
  onSignedIn: (user: CurrentUser) => void;
  /** Back to the password (asked for, or the step timed out: with the server's message). */
  onRestart: (message?: string) => void;
}

export function SecondFactorStep({ prompt, onSignedIn, onRestart }: SecondFactorStepProps) {
  const verify = useLoginSecondFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.replace(/[\s-]/g, "").length < 6) return setError(SECOND_FACTOR_CODE_MESSAGE);
    setError(null);
    verify.mutate(typed, {
      onSuccess: onSignedIn,
      onError: (err) => {
        if (err instanceof ApiError && err.code === "second_factor_expired") return onRestart(err.message);
        setError(err instanceof ApiError && err.message ? err.message : "That code did not work. Please try again.");
        setCode("");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Two-step sign-in">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Two-step sign-in</h2>
        <p className="text-sm text-muted-foreground">{prompt}</p>
      </div>
      <FormAlert message={error} />
      <FormField label="Authentication code" hint="Lost your phone? Type one of your recovery codes instead.">
        <Input
          autoFocus
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
        Verify
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart()} disabled={verify.isPending}>
        Back to sign-in
      </Button>
    </form>
  );
}
