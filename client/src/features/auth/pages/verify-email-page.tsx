// /verify-email: the "please verify" prompt (the user's address, Resend Verification Email, Use
// Different Account). /verify-email/:token: the emailed link lands here and this page POSTs the
// token (a mail scanner's GET changes nothing); success goes to /verify-success.
import { useEffect, useRef } from "react";
import { Link, useLocation, useParams } from "wouter";
import { CheckCircle2, Loader2, MailWarning, MailOpen } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { useLogout, useUser } from "@/lib/auth";
import { ApiError } from "@/lib/api-client";
import { useResendVerification } from "../api/resend-verification";
import { useVerifyEmail } from "../api/verify-email";
import { StatusCard } from "@/components/ui/status-card";
import { notifyResendFailed, notifyResent, ResendVerificationForm } from "../components/resend-verification-form";

function VerifyToken({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token, { onSuccess: (res) => !res.alreadyVerified && navigate("/verify-success", { replace: true }) });
  }, [token, verify, navigate]);

  if (verify.data?.alreadyVerified) {
    return (
      <StatusCard icon={CheckCircle2} tone="success" title="Your email is verified">
        <p role="status">{verify.data.message}</p>
        <Link href="/" className={buttonVariants({ className: "w-full" })}>
          Go to home
        </Link>
      </StatusCard>
    );
  }

  if (verify.isError) {
    const message =
      verify.error instanceof ApiError && verify.error.status < 500
        ? verify.error.message
        : "We could not verify your email right now. Please try again in a few minutes.";
    return (
      <StatusCard icon={MailWarning} tone="destructive" title="Verification failed">
        <p role="alert">{message}</p>
        <ResendVerificationForm label="Send a new verification link" />
        <Link href="/auth" className={buttonVariants({ variant: "link" })}>
          Back to Login
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={Loader2} spin title="Verifying your email…">
      <p role="status">One moment while we confirm your email address.</p>
    </StatusCard>
  );
}

function VerifyPrompt() {
  const { data: user } = useUser();
  const resend = useResendVerification();
  const logout = useLogout();

  if (user?.isEmailVerified) {
    return (
      <StatusCard icon={CheckCircle2} tone="success" title="Your email is verified">
        <p>Your email address {user.email} is already verified.</p>
        <Link href="/" className={buttonVariants({ className: "w-full" })}>
          Go to home
        </Link>
      </StatusCard>
    );
  }

  return (
    <StatusCard icon={MailOpen} title="Verify your email">
      {user ? (
        <>
          <p>
            We sent a verification link to <strong className="break-all font-semibold text-foreground">{user.email}</strong>.
            Open it to finish setting up your account. Until then, the ladder stays locked.
          </p>
          <Button loading={resend.isPending} onClick={() => resend.mutate({}, { onSuccess: notifyResent, onError: notifyResendFailed })}>
            Resend Verification Email
          </Button>
          <Button variant="outline" loading={logout.isPending} onClick={() => logout.mutate()}>
            Use Different Account
          </Button>
        </>
      ) : (
        <>
          <p>Please verify your email address with the link we emailed you. Didn&apos;t get it? Enter your email for a new one.</p>
          <ResendVerificationForm />
          <Link href="/auth" className={buttonVariants({ variant: "outline" })}>
            Use Different Account
          </Link>
        </>
      )}
    </StatusCard>
  );
}

export default function VerifyEmailPage() {
  const params = useParams<{ token?: string }>();
  return params.token ? <VerifyToken token={params.token} /> : <VerifyPrompt />;
}
