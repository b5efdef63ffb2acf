// Register tab (docs/product.md, "Registration" and "Auth page"): five sections, the email-verification notice and the picture check.
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { MailCheck } from "lucide-react";
import { COMPETITION_TYPES, REGISTRATION_TOAST_MS } from "@shared/constants";
import type { registerSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NewPasswordField } from "@/components/ui/password-input";
import { Options, Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useRegisterTeam } from "../api/register-team";
import { FormAlert } from "./form-alert";
import { PictureCheck } from "./picture-check";

type RegisterFormInput = z.input<typeof registerSchema>;
type RegisterFormOutput = z.output<typeof registerSchema>;

const FIELDS = ["username", "password", "name", "email", "competitionType", "teamName", "partnerName", "partnerEmail"] as const;
type FieldName = (typeof FIELDS)[number];

const resolver = lazyResolver(() => import("./resolvers").then((m) => m.registerResolver));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid items-start gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0 sm:grid-cols-2">
      <legend className="mb-3 pr-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function RegisterForm() {
  const [, navigate] = useLocation();
  const registerTeam = useRegisterTeam();
  const [passed, setPassed] = useState(false);
  const [serverError, setServerError] = useState<{ title: string; message: string } | null>(null);
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver,
    defaultValues: {
      name: "",
      email: "",
      competitionType: "Men's Doubles",
      teamName: "",
      partnerName: "",
      partnerEmail: "",
      username: "",
      password: "",
      verifyEmail: true,
    },
  });
  const { errors } = form.formState;
  const reg = form.register;

  const onSubmit = form.handleSubmit((values) => {
    if (!passed) return;
    setServerError(null);
    toast({ title: "Creating Account", description: "Setting up your team account…" });
    registerTeam.mutate(
      { ...values, verifyEmail: true },
      {
        onSuccess: () => {
          // Always the generic answer: the server never says whether an address is in use.
          toast({
            variant: "success",
            title: "Registration Successful",
            description: "Please check your email to verify your account before logging in.",
            duration: REGISTRATION_TOAST_MS,
          });
          navigate("/email-verification-pending");
        },
        onError: (err) => {
          const message = err instanceof ApiError && err.message ? err.message : "Unable to create team account";
          const title = err instanceof ApiError && err.title ? err.title : "Team Registration Failed";
          setServerError({ title, message });
          if (err instanceof ApiError && err.fields) {
            for (const [field, fieldMessage] of Object.entries(err.fields)) {
              if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldName, { message: fieldMessage });
            }
          }
          toast({ variant: "destructive", title: "Team Registration Failed", description: message });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-6" aria-label="Register">
      <FormAlert title={serverError?.title} message={serverError?.message} />
      <Section title="Your Information">
        <FormField label="Full name" required error={errors.name?.message}>
          <Input autoComplete="name" {...reg("name")} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...reg("email")} />
        </FormField>
      </Section>

      <Section title="Competition Category">
        <FormField label="Category" required error={errors.competitionType?.message} className="sm:col-span-2">
          <Select {...reg("competitionType")}>
            <Options values={COMPETITION_TYPES} />
          </Select>
        </FormField>
      </Section>

      <Section title="Team Information">
        <FormField label="Team name" required error={errors.teamName?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...reg("teamName")} />
        </FormField>
      </Section>

      <Section title="Partner Information">
        <p className="-mt-2 text-sm text-muted-foreground sm:col-span-2">
          Every category is played in doubles. Your partner gets an email invitation to choose their own login.
        </p>
        <FormField label="Partner's name" required error={errors.partnerName?.message}>
          <Input autoComplete="off" {...reg("partnerName")} />
        </FormField>
        <FormField label="Partner's email" required error={errors.partnerEmail?.message}>
          <Input type="email" autoComplete="off" {...reg("partnerEmail")} />
        </FormField>
      </Section>

      <Section title="Account Information">
        <FormField label="Username" required error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...reg("username")} />
        </FormField>
        <NewPasswordField error={errors.password?.message} {...reg("password")} />
      </Section>

      <div className="flex gap-3 rounded-lg border border-primary/20 bg-primary-soft p-4 text-sm text-primary-text">
        <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Email verification required</p>
          <p className="mt-0.5">
            We will email you a verification link. Please verify your email address before logging in; an administrator
            then approves your team.
          </p>
        </div>
      </div>

      <PictureCheck onPassedChange={setPassed} />

      <Button type="submit" size="lg" className="w-full" disabled={!passed} loading={registerTeam.isPending}>
        Register
      </Button>
      {!passed && (
        <p className="-mt-4 text-center text-xs text-muted-foreground">Complete the human check above to enable Register.</p>
      )}
    </form>
  );
}
