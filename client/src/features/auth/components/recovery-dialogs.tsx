// Forgot Username and Forgot Password: generic answers, never revealing an account. This chunk (with
// Radix Dialog) is loaded by the login form's links when first pointed at, focused or clicked, so
// /auth's first screen does not carry it (see recovery-links.tsx).
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { recoverUsernameSchema, resetRequestSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useRecoverUsername } from "../api/recover-username";
import { useRequestPasswordReset } from "../api/request-password-reset";

const recoverUsernameResolver = lazyResolver(() => import("./resolvers").then((m) => m.recoverUsernameResolver));
const resetRequestResolver = lazyResolver(() => import("./resolvers").then((m) => m.resetRequestResolver));

const serverMessage = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

export interface RecoveryDialogProps {
  kind: "username" | "password";
  /** The dialog's id, for the opening link's aria-controls. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type DialogProps = Omit<RecoveryDialogProps, "kind">;

export default function RecoveryDialog({ kind, ...props }: RecoveryDialogProps) {
  return kind === "username" ? <ForgotUsernameDialog {...props} /> : <ForgotPasswordDialog {...props} />;
}

function ForgotUsernameDialog({ id, open, onOpenChange: setOpen }: DialogProps) {
  const recover = useRecoverUsername();
  const form = useForm<z.input<typeof recoverUsernameSchema>, unknown, z.output<typeof recoverUsernameSchema>>({
    resolver: recoverUsernameResolver,
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    recover.mutate(values, {
      onSuccess: (res) => {
        toast({ variant: "success", title: "Recovery Email Sent", description: res.message });
        form.reset();
        setOpen(false);
      },
      onError: (err) =>
        toast({ variant: "destructive", title: "Error", description: serverMessage(err, "Failed to send recovery email. Please try again.") }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent id={id}>
        <DialogHeader>
          <DialogTitle>Forgot Username</DialogTitle>
          <DialogDescription>Enter the email address you registered with and we will email you your username.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} onFocus={recoverUsernameResolver.preload} noValidate className="grid gap-4">
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={recover.isPending}>
              Send Username
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordDialog({ id, open, onOpenChange: setOpen }: DialogProps) {
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof resetRequestSchema>, unknown, z.output<typeof resetRequestSchema>>({
    resolver: resetRequestResolver,
    defaultValues: { username: "", email: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (res) => {
        toast({ variant: "success", title: "Password Reset Email Sent", description: res.message });
        form.reset();
        setOpen(false);
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: serverMessage(err, "Failed to send password reset email. Please try again."),
        }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent id={id}>
        <DialogHeader>
          <DialogTitle>Forgot Password</DialogTitle>
          <DialogDescription>
            Enter your username and the email address of your account. We will email you a link to choose a new password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} onFocus={resetRequestResolver.preload} noValidate className="grid gap-4">
          <FormField label="Username" error={errors.username?.message}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register("username")} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={request.isPending}>
              Send Reset Link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
