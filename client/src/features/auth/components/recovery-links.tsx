// "Forgot Username?" and "Forgot Password?" under the login form. Each link opens its dialog from
// recovery-dialogs.tsx, a chunk fetched when a link is first pointed at or focused (Radix Dialog is
// not needed to show /auth), rendered from the first click on and kept mounted afterwards (what was
// typed stays). The dialog gives focus back to the link when it closes.
import { Suspense, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { preloadable } from "@/lib/preloadable";
import type { RecoveryDialogProps } from "./recovery-dialogs";

const RecoveryDialog = preloadable<RecoveryDialogProps>(() => import("./recovery-dialogs"));
const preloadRecoveryDialog = () => void RecoveryDialog.preload();

function RecoveryLink({ kind, children }: { kind: RecoveryDialogProps["kind"]; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="h-auto px-0"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={preloadRecoveryDialog}
        onFocus={preloadRecoveryDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RecoveryDialog kind={kind} id={id} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

export function RecoveryLinks() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <RecoveryLink kind="username">Forgot Username?</RecoveryLink>
      <RecoveryLink kind="password">Forgot Password?</RecoveryLink>
    </div>
  );
}
