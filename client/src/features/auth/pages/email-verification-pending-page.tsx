// /email-verification-pending: shown after registration (docs/product.md, "Email verification").
import { Link } from "wouter";
import { MailCheck } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { StatusCard } from "@/components/ui/status-card";
import { ResendVerificationForm } from "../components/resend-verification-form";

export default function EmailVerificationPendingPage() {
  return (
    <StatusCard icon={MailCheck} title="Check your email">
      <p>
        Your team is registered. We sent a verification link to your email address: open it to verify your account
        before logging in. Your partner gets their own invitation to choose a login.
      </p>
      <p>An administrator approves new teams; you can browse the ladder once your email is verified.</p>
      <Link href="/auth" className={buttonVariants({ className: "w-full" })}>
        Back to Login
      </Link>
      <details className="text-left">
        <summary className="cursor-pointer text-center font-medium text-primary-text">Didn&apos;t get the email?</summary>
        <div className="mt-3">
          <ResendVerificationForm />
        </div>
      </details>
    </StatusCard>
  );
}
