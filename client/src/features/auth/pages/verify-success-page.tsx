// /verify-success (docs/product.md, "Email verification"): 'Email Verified!' with links to /ladder and /.
import { Link } from "wouter";
import { CheckCircle2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { StatusCard } from "@/components/ui/status-card";

export default function VerifySuccessPage() {
  return (
    <StatusCard icon={CheckCircle2} tone="success" title="Email Verified!">
      <p>Thanks for confirming your email address. An administrator will approve your team shortly; until then you can browse.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Link href="/ladder" className={buttonVariants()}>
          View the Ladder
        </Link>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Go to Home
        </Link>
      </div>
    </StatusCard>
  );
}
