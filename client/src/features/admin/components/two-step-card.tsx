// Two-step sign-in for the signed-in admin: set it up (QR code or the secret typed by hand, then a
// code to confirm), see the 10 recovery codes once, and turn it off or move it to a new device with
// a current code. With ADMIN_MFA_REQUIRED it must be set up before the rest of the panel opens.
import { useState, type FormEvent } from "react";
import { KeyRound, ShieldCheck } from "lucide-react";
import type { SecondFactorEnrolment } from "@shared/types/accounts";
import { SECOND_FACTOR_CODE_MESSAGE } from "@shared/validators/second-factor-messages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useConfirmEnrolment, useDisableSecondFactor, useRefreshSecondFactorStanding, useSecondFactorStatus, useStartEnrolment } from "../api/second-factor";
import { QrCode } from "./qr-code";

const validCode = (code: string) => code.replace(/[\s-]/g, "").length >= 6;

/** A code form's submit: a code too short to be one is refused under its field, else the trimmed code is sent. */
const submitCode = (code: string, setError: (error: string | undefined) => void, send: (code: string) => void) => (e: FormEvent) => {
  e.preventDefault();
  if (!validCode(code)) return setError(SECOND_FACTOR_CODE_MESSAGE);
  setError(undefined);
  send(code.trim());
};

/** A code field with its own button (turning off, moving to a new device). */
function CodeForm(props: { label: string; submitLabel: string; destructive?: boolean; pending: boolean; onSubmit: (code: string) => void; onCancel: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="grid gap-3 sm:max-w-sm"
      noValidate
      onSubmit={submitCode(code, setError, props.onSubmit)}
    >
      <FormField label={props.label} error={error} hint="The 6-digit code from your authenticator app, or a recovery code.">
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={props.destructive ? "destructive" : "default"} loading={props.pending}>
          {props.submitLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function TwoStepCard({ mustEnrol = false }: { mustEnrol?: boolean }) {
  const status = useSecondFactorStatus();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const disable = useDisableSecondFactor();
  const refreshStanding = useRefreshSecondFactorStanding();
  const [setup, setSetup] = useState<SecondFactorEnrolment | null>(null);
  const [mode, setMode] = useState<"idle" | "disable" | "move">("idle");
  const [confirmCode, setConfirmCode] = useState("");
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);

  const begin = (code?: string) =>
    start.mutate(code, {
      onSuccess: (s) => {
        setSetup(s);
        setMode("idle");
      },
      onError: (err) => toast({ variant: "destructive", title: "Two-Step Sign-In", description: errorMessage(err, "Could not start the set-up.") }),
    });

  const data = status.data;
  return (
    <Card className={mustEnrol ? "border-primary" : undefined}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" /> Two-step sign-in
          {data?.enrolled && <Badge variant="success">On</Badge>}
          {data && !data.enrolled && <Badge variant="secondary">Off</Badge>}
        </CardTitle>
        <CardDescription>
          {mustEnrol
            ? "Admins must use two-step sign-in on this server. Set it up to open the rest of the admin panel."
            : "After your password, sign-in asks for a code from an authenticator app on your phone (for example Google Authenticator, 1Password or Aegis)."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive-text">
            Failed to load two-step sign-in: {errorMessage(status.error)}
          </p>
        ) : codes ? (
          <div className="space-y-3">
            <p className="text-sm font-medium">Your recovery codes — shown only now</p>
            <p className="text-sm text-muted-foreground">
              Each code signs you in once if you lose your phone. Save them in a password manager or print them; you will not see them again.
            </p>
            <ul aria-label="Recovery codes" className="grid w-fit grid-cols-2 gap-x-6 gap-y-2 whitespace-nowrap rounded-md border border-border bg-muted/40 p-3 font-mono text-sm">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button
              size="sm"
              onClick={() => {
                setCodes(null);
                // Now the session's standing may change what the panel shows (it opens when set up was required).
                void refreshStanding();
              }}
            >
              I have saved them
            </Button>
          </div>
        ) : setup ? (
          <form
            className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start"
            noValidate
            onSubmit={submitCode(confirmCode, setConfirmError, (code) =>
              confirm.mutate(code, {
                onSuccess: (r) => {
                  setCodes(r.recoveryCodes);
                  setSetup(null);
                  setConfirmCode("");
                  toast({ variant: "success", title: "Two-Step Sign-In On", description: r.message });
                },
                onError: (err) => setConfirmError(errorMessage(err, "That code did not work.")),
              }),
            )}
          >
            <QrCode text={setup.otpauthUri} label="QR code to add this account to an authenticator app" />
            <div className="min-w-0 space-y-3">
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                <li>Scan the QR code with your authenticator app.</li>
                <li>
                  Or type this key: <code className="break-words rounded bg-muted px-1 py-0.5 font-mono text-xs">{setup.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
                </li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <FormField label="Code from the app" error={confirmError}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={20} value={confirmCode} onChange={(e) => setConfirmCode(e.target.value)} className="sm:max-w-48" />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" loading={confirm.isPending}>
                  Turn on
                </Button>
                <Button type="button" variant="ghost" onClick={() => setSetup(null)} disabled={confirm.isPending}>
                  Cancel
                </Button>
              </div>
            </div>
          </form>
        ) : data?.enrolled ? (
          mode === "idle" ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">
                On since {formatDate(data.enabledAt)} · {data.recoveryCodesLeft} recovery {data.recoveryCodesLeft === 1 ? "code" : "codes"} left
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setMode("move")}>
                  <KeyRound aria-hidden="true" /> New device or codes
                </Button>
                {!data.required && (
                  <Button size="sm" variant="ghost" className="text-destructive-text" onClick={() => setMode("disable")}>
                    Turn off
                  </Button>
                )}
              </div>
            </div>
          ) : mode === "move" ? (
            <CodeForm label="Current code" submitLabel="Continue" pending={start.isPending} onSubmit={(code) => begin(code)} onCancel={() => setMode("idle")} />
          ) : (
            <CodeForm
              label="Current code"
              submitLabel="Turn off two-step sign-in"
              destructive
              pending={disable.isPending}
              onCancel={() => setMode("idle")}
              onSubmit={(code) =>
                disable.mutate(code, {
                  onSuccess: (r) => {
                    setMode("idle");
                    toast({ variant: "success", title: "Two-Step Sign-In Off", description: r.message });
                  },
                  onError: (err) => toast({ variant: "destructive", title: "Two-Step Sign-In", description: errorMessage(err, "Could not turn it off.") }),
                })
              }
            />
          )
        ) : (
          <Button onClick={() => begin()} loading={start.isPending}>
            Set up two-step sign-in
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
