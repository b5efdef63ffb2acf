// /accept-invite/:token: the partner chooses a username and password (partner role). GET only reads
// the invitation; the form POSTs.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useParams } from "wouter";
import type { z } from "zod";
import { CheckCircle2, Loader2, UsersRound, XCircle } from "lucide-react";
import { acceptInviteFormSchema } from "@shared/validators/auth";
import { Button, buttonVariants } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ConfirmPasswordField, NewPasswordField } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { useInvite } from "../api/get-invite";
import { useAcceptInvite } from "../api/accept-invite";
import { StatusCard } from "../components/status-card";
import { FormAlert } from "../components/form-alert";

type FormIn = z.input<typeof acceptInviteFormSchema>;
type FormOut = z.output<typeof acceptInviteFormSchema>;

function InviteForm({ token }: { token: string }) {
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(acceptInviteFormSchema),
    defaultValues: { username: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  if (done) {
    return (
      <StatusCard icon={CheckCircle2} tone="success" title="You're on the team!">
        <p role="status">
          Your account is ready. Sign in as <strong className="font-semibold text-foreground">{done}</strong>.
        </p>
        <Link href="/auth" className={buttonVariants({ className: "w-full" })}>
          Go to Login
        </Link>
      </StatusCard>
    );
  }
  if (invite.isPending) return <StatusCard icon={Loader2} spin title="Opening your invitation…" />;
  if (invite.isError) {
    const message =
      invite.error instanceof ApiError && invite.error.status === 404
        ? invite.error.message
        : "We could not open this invitation right now. Please try again in a few minutes.";
    return (
      <StatusCard icon={XCircle} tone="destructive" title="Invitation not available">
        <p role="alert">{message}</p>
        <Link href="/auth" className={buttonVariants({ variant: "outline", className: "w-full" })}>
          Return to Login
        </Link>
      </StatusCard>
    );
  }

  const { partnerName, captainName, teamName, competitionType, email } = invite.data;
  const onSubmit = form.handleSubmit(({ username, password }) => {
    setServerError(null);
    accept.mutate(
      { token, username, password },
      {
        onSuccess: (res) => {
          toast({ variant: "success", title: "Welcome to the team!", description: res.message });
          setDone(res.username);
        },
        onError: (err) => {
          // Said once: under the field it concerns (a taken username), else in the form's alert.
          const message = err instanceof ApiError && err.message ? err.message : "Could not accept the invitation. Please try again.";
          if (err instanceof ApiError && err.fields?.username) form.setError("username", { message: err.fields.username });
          else setServerError(message);
        },
      },
    );
  });

  return (
    <StatusCard icon={UsersRound} title="Join your team">
      <p>
        Hi {partnerName}! {captainName ?? "Your captain"} registered{" "}
        <strong className="font-semibold text-foreground">{teamName ?? "your team"}</strong>
        {competitionType ? ` (${competitionType})` : ""} with you as partner. Choose your own username and password.
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 text-left">
        <FormAlert message={serverError} />
        <FormField label="Email">
          <Input value={email} readOnly disabled autoComplete="email" />
        </FormField>
        <FormField label="Username" required error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register("username")} />
        </FormField>
        <NewPasswordField error={errors.password?.message} {...form.register("password")} />
        <ConfirmPasswordField error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
        <Button type="submit" size="lg" loading={accept.isPending}>
          Join Team
        </Button>
      </form>
    </StatusCard>
  );
}

export default function AcceptInvitePage() {
  const params = useParams<{ token?: string }>();
  if (!params.token) {
    return (
      <StatusCard icon={XCircle} tone="destructive" title="Invitation not available">
        <p>This invitation link is incomplete.</p>
      </StatusCard>
    );
  }
  return <InviteForm token={params.token} />;
}
