// The matches module's public face for other modules and the jobs runner: the deadline sweeps
// (auto-confirmation, the approval reminder). Everything else here is internal.
export { sweepApprovalReminders, sweepOverdueMatches } from "./sweep";
