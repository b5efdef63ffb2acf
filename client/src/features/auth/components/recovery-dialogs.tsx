// Forgot Username and Forgot Password: generic answers, never revealing an account. This chunk (with
// Radix Dialog) is loaded by the login form's links when first pointed at, focused or clicked, so
// /auth's first screen does not carry it (see recovery-links.tsx).
import type { ReactNode } from "react";
import type { MutationResult } from "@/lib/mutation";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { recoverUsernameSchema, resetRequestSchema } from "@shared/validators/auth";
import type { MessageResponse } from "@shared/types/accounts";
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

/** What each recovery dialog says. */
const TEXTS = {
  username: {
    title: "Forgot Username",
    description: "Enter the email address you registered with and we will email you your username.",
    submit: "Send Username",
    sent: "Recovery Email Sent",
    failed: "Failed to send recovery email. Please try again.",
  },
  password: {
    title: "Forgot Password",
    description: "Enter your username and the email address of your account. We will email you a link to choose a new password.",
    submit: "Send Reset Link",
    sent: "Password Reset Email Sent",
    failed: "Failed to send password reset email. Please try again.",
  },
} as const;

/**
 * The dialog both recoveries share: title, description, their fields, Cancel and the send button;
 * the answer is said in a toast, and on success the form is emptied and the dialog closed.
 */
function RecoveryFormDialog<I extends FieldValues, O>({
  kind,
  id,
  open,
  onOpenChange: setOpen,
  form,
  send,
  preload,
  children,
}: RecoveryDialogProps & {
  form: UseFormReturn<I, unknown, O>;
  send: MutationResult<MessageResponse, Error, O>;
  /** Loads the form's checks (on focus; at the latest on submit). */
  preload: () => void;
  children: ReactNode;
}) {
  const texts = TEXTS[kind];
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (res) => {
        toast({ variant: "success", title: texts.sent, description: res.message });
        form.reset();
        setOpen(false);
      },
      onError: (err) => toast({ variant: "destructive", title: "Error", description: serverMessage(err, texts.failed) }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent id={id}>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} onFocus={preload} noValidate className="grid gap-4">
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={send.isPending}>
              {texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ForgotUsernameDialog(props: DialogProps) {
  const form = useForm<z.input<typeof recoverUsernameSchema>, unknown, z.output<typeof recoverUsernameSchema>>({
    resolver: recoverUsernameResolver,
    defaultValues: { email: "" },
  });
  return (
    <RecoveryFormDialog kind="username" {...props} form={form} send={useRecoverUsername()} preload={recoverUsernameResolver.preload}>
      <FormField label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
    </RecoveryFormDialog>
  );
}

function ForgotPasswordDialog(props: DialogProps) {
  const form = useForm<z.input<typeof resetRequestSchema>, unknown, z.output<typeof resetRequestSchema>>({
    resolver: resetRequestResolver,
    defaultValues: { username: "", email: "" },
  });
  const { errors } = form.formState;
  return (
    <RecoveryFormDialog kind="password" {...props} form={form} send={useRequestPasswordReset()} preload={resetRequestResolver.preload}>
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register("username")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
    </RecoveryFormDialog>
  );
}
