import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import { nextPathFromSearch } from "@/lib/next-path";
import type { LoginInput } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { getSignedOutNotice, greeting, recordSignIn } from "@/lib/auth";
import { lazyResolver } from "@/lib/lazy-resolver";
import type { CurrentUser } from "@shared/api";
import { needsSecondFactor, useLogin } from "../api/login";
import { RecoveryLinks } from "./recovery-links";
import { SecondFactorStep } from "./second-factor-step";
import { FormAlert } from "./form-alert";

const resolver = lazyResolver(() => import("./resolvers").then((m) => m.loginResolver));

export function LoginForm() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const login = useLogin();
  // Opens with why the last session ended, when an admin ended it (suspension, deleted team).
  const [serverError, setServerError] = useState<{ title?: string; message: string } | null>(getSignedOutNotice);
  /** The code step's prompt once the password was right on an account with two-step sign-in. */
  const [codeStep, setCodeStep] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver, defaultValues: { username: "", password: "" } });
  const { errors } = form.formState;

  const signedIn = (user: CurrentUser) => {
    recordSignIn(user.id);
    toast({ variant: "success", title: "Login successful", description: `${greeting(user.id)}, ${user.name}!` });
    // Back to the page that sent the user here (a link from a mail), when it is one of this site's.
    navigate(nextPathFromSearch(search), { replace: true });
  };

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: (result) => {
        if (needsSecondFactor(result)) return setCodeStep(result.message);
        signedIn(result);
      },
      onError: (err) => {
        const message = err instanceof ApiError && err.message ? err.message : "Invalid username or password";
        // An account refusal (suspended, rejected, team deleted) has its own title: the form shows
        // its whole message once, the toast only names it.
        const refusal = err instanceof ApiError && err.title && err.title !== "Login failed" ? err.title : undefined;
        setServerError({ title: refusal, message });
        toast({ variant: "destructive", title: "Login failed", description: refusal ?? message });
      },
    });
  });

  if (codeStep) {
    return (
      <SecondFactorStep
        prompt={codeStep}
        onSignedIn={signedIn}
        onRestart={(message) => {
          setCodeStep(null);
          form.setValue("password", "");
          setServerError(message ? { message } : null);
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-4" aria-label="Login">
      <FormAlert title={serverError?.title} message={serverError?.message} />
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register("username")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <RecoveryLinks />
      <Button type="submit" size="lg" loading={login.isPending} className="w-full">
        Login
      </Button>
    </form>
  );
}
