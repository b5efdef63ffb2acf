// Work that must not shape the answer's timing. Whether an account exists must not show in how long
// recovery, reset, resend or registration take (docs/decisions/014-accounts-admins-second-factor.md):
// the handler answers with what it knows from the input alone, and the account-dependent work (the
// lookup, token writes, mail) runs once the response is out. Failures are logged, never answered.
import type { Response } from "express";
import type { Logger } from "./logger";

const pending = new Set<Promise<void>>();

export function afterResponse(res: Response, logger: Logger, task: string, work: () => Promise<void>): void {
  // Counted from now (not from when it starts), so settling waits for work still to start.
  const run: Promise<void> = new Promise<void>((resolve) => {
    // 'close' comes after 'finish' (the answer handed to the client), and also when the client left early.
    res.once("close", () => resolve());
  })
    .then(work)
    .catch((err: unknown) => logger.error({ event: "background.failed", task, err }, "work after the answer failed"))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every piece of work started so far (and any it started) has ended: tests and shutdown. */
export async function settleAfterResponseWork(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
