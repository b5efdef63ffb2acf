// A confirmation that asks for a reason (suspension, team deletion). The reason is required.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const close = (open: boolean) => {
    if (!open) {
      setReason("");
      setError(undefined);
    }
    props.onOpenChange(open);
  };
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={close}
      title={props.title}
      description={props.description}
      confirmLabel={props.confirmLabel}
      destructive
      pending={props.pending}
      onConfirm={() => {
        const trimmed = reason.trim();
        if (!trimmed) return setError(props.requiredMessage);
        props.onConfirm(trimmed);
      }}
    >
      <FormField label={props.label} error={error} required>
        <Textarea
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
