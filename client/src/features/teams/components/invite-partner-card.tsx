// A team without a partner (the partner's account was removed): its captain invites a new one.
import { useState, type FormEvent } from "react";
import { UserPlus } from "lucide-react";
import { invitePartnerSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { fieldErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import { useInvitePartner } from "../api/invite-partner";

export function InvitePartnerCard({ teamId }: { teamId: number }) {
  const invite = useInvitePartner(teamId);
  const [partnerName, setPartnerName] = useState("");
  const [partnerEmail, setPartnerEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitePartnerSchema.safeParse({ partnerName, partnerEmail });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        toast({ variant: "success", title: "Invitation Sent", description: r.message });
        setPartnerName("");
        setPartnerEmail("");
      },
      onError: (err) => toast({ variant: "destructive", title: "Failed to Invite Partner", description: errorMessage(err) }),
    });
  };

  return (
    <SectionCard
      className="min-w-0"
      icon={UserPlus}
      title="Invite a partner"
      description="Your team has no partner. Invite one: they get an email to choose their own username and password."
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Invite a partner">
        <FormField label="Partner's name" required error={errors.partnerName}>
          <Input value={partnerName} autoComplete="off" onChange={(e) => setPartnerName(e.target.value)} />
        </FormField>
        <FormField label="Partner's email" required error={errors.partnerEmail}>
          <Input type="email" value={partnerEmail} autoComplete="off" onChange={(e) => setPartnerEmail(e.target.value)} />
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" loading={invite.isPending}>
            Send Invitation
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
