// /reset-password/:token (docs/product.md, "Username recovery and password reset"): new + confirm password; success → /auth after 3 s;
// failure → the message and a return-to-login button. The token is only checked (GET) on load.
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, Redirect, useLocation, useParams } from "wouter";
import type { z } from "zod";
import { CheckCircle2, KeyRound, Loader2, XCircle } from "lucide-react";
import { RESET_REDIRECT_MS } from "@shared/constants";
import { resetPasswordFormSchema } from "@shared/validators/auth";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmPasswordField, NewPasswordField } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { useResetPassword, useResetTokenStatus } from "../api/reset-password";
import { StatusCard } from "../components/status-card";

export const RESET_FAILED_MESSAGE = "Failed to reset password. The token may be invalid or expired.";

function Failed() {
  return (
    <StatusCard icon={XCircle} tone="destructive" title="Password reset failed">
      <p role="alert">{RESET_FAILED_MESSAGE}</p>
      <Link href="/auth" className={buttonVariants({ className: "w-full" })}>
        Return to Login
      </Link>
    </StatusCard>
  );
}

function Succeeded() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/auth", { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <StatusCard icon={CheckCircle2} tone="success" title="Password reset">
      <p role="status">Your password has been reset. Taking you to the login page in 3 seconds…</p>
      <Link href="/auth" className={buttonVariants({ variant: "outline", className: "w-full" })}>
        Go to Login now
      </Link>
    </StatusCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const status = useResetTokenStatus(token);
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<"form" | "done" | "failed">("form");
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  if (status.isPending) {
    return <StatusCard icon={Loader2} spin title="Checking your link…" />;
  }
  if (outcome === "done") return <Succeeded />;
  if (outcome === "failed" || status.data?.valid === false) return <Failed />;

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => setOutcome("done"),
        onError: () => {
          toast({ variant: "destructive", title: "Error", description: RESET_FAILED_MESSAGE });
          setOutcome("failed");
        },
      },
    ),
  );

  return (
    <StatusCard icon={KeyRound} title="Reset Password">
      <p>Choose a new password for your account. Saving it signs you out on every device.</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 text-left">
        <NewPasswordField label="New password" error={errors.newPassword?.message} {...form.register("newPassword")} />
        <ConfirmPasswordField error={errors.confirmPassword?.message} {...form.register("confirmPassword")} />
        <Button type="submit" size="lg" loading={reset.isPending}>
          Reset Password
        </Button>
      </form>
    </StatusCard>
  );
}

export default function ResetPasswordPage() {
  const params = useParams<{ token?: string }>();
  if (!params.token) return <Redirect to="/auth" replace />;
  return <ResetForm token={params.token} />;
}
