import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { recoverUsernameSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useResendVerification } from "../api/resend-verification";

/** Resend by email (signed out). Same generic answer whether or not the address is known. */
const resendByEmailSchema = recoverUsernameSchema;

export function notifyResent() {
  toast({ variant: "success", title: "Verification email sent!", description: "Please check your inbox (and the spam folder)." });
}
export function notifyResendFailed() {
  toast({ variant: "destructive", title: "Failed to send email", description: "Please try again in a few minutes." });
}

export function ResendVerificationForm({ label = "Resend Verification Email" }: { label?: string }) {
  const resend = useResendVerification();
  const form = useForm<z.input<typeof resendByEmailSchema>, unknown, z.output<typeof resendByEmailSchema>>({
    resolver: zodResolver(resendByEmailSchema),
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    resend.mutate(values, { onSuccess: notifyResent, onError: notifyResendFailed }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 text-left">
      <FormField label="Your email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <Button type="submit" variant="outline" loading={resend.isPending}>
        {label}
      </Button>
    </form>
  );
}
