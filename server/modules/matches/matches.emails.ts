// The mails of the results loop. Links are always built from APP_URL.
import type { MailMessage } from "../../mail/mailer";
import type { MatchView } from "@shared/types/matches";
import { formatScore } from "@shared/score";
import { DISPUTE_OUTCOME, type DisputeOutcome } from "@shared/constants";
import { formatZonedDateTime } from "@shared/time";

/** A time in the club's zone ('Thu 26 Nov, 6:00 PM'). */
const when = (iso: string | null, timeZone: string) => (iso ? formatZonedDateTime(iso, timeZone) : "the deadline");

function summary(m: MatchView): string {
  return [
    `${m.team1.name} vs ${m.team2.name}`,
    `Location: ${m.location}`,
    `Winner: ${m.winnerTeamName}`,
    `Score: ${formatScore(m.sets)}`,
    ...(m.notes ? [`Notes: ${m.notes}`] : []),
  ].join("\n");
}

export function matchReportedMail(opts: { to: string[]; appUrl: string; timeZone: string; match: MatchView; token: string; reportingTeam: string }): MailMessage {
  const { match, appUrl, token } = opts;
  return {
    to: opts.to,
    subject: `Match result reported: ${match.team1.name} vs ${match.team2.name}`,
    text: [
      `${opts.reportingTeam} reported the result of your match${match.reporter ? ` (reported by ${match.reporter.name})` : ""}.`,
      summary(match),
      `If the result is right, confirm it:\n${appUrl}/confirm-match/${token}`,
      `If it is wrong, dispute it (an admin will review it):\n${appUrl}/dispute-match/${token}`,
      `You can also approve or dispute it in the app under My Challenges. Without an answer, the result is confirmed automatically on ${when(match.approvalDeadline, opts.timeZone)}.`,
    ].join("\n\n"),
  };
}

/** To the opponent: the reporter withdrew a result while it was pending (the challenge is open again). */
export function resultWithdrawnMail(opts: { to: string[]; appUrl: string; match: MatchView; reportingTeam: string }): MailMessage {
  const { match } = opts;
  return {
    to: opts.to,
    subject: `Result withdrawn: ${match.team1.name} vs ${match.team2.name}`,
    text: [
      `${opts.reportingTeam} withdrew the result they reported; it will not count, and the links in the earlier mail no longer work.`,
      summary(match),
      `The challenge is accepted again: either captain can report the right result here:\n${opts.appUrl}/challenges`,
    ].join("\n\n"),
  };
}

export function matchDisputedMail(opts: { to: string[]; appUrl: string; match: MatchView; reason: string; forAdmin: boolean }): MailMessage {
  const { match } = opts;
  return {
    to: opts.to,
    subject: `Match result disputed: ${match.team1.name} vs ${match.team2.name}`,
    text: [
      opts.forAdmin
        ? "A reported match result has been disputed and needs an admin's review."
        : "The result you reported has been disputed by the other team. An admin will review it and let both teams know the outcome.",
      summary(match),
      `Reason given:\n${opts.reason}`,
      opts.forAdmin ? `Review it in the admin panel:\n${opts.appUrl}/admin` : `Your challenges:\n${opts.appUrl}/challenges`,
    ].join("\n\n"),
  };
}

export function disputeResolvedMail(opts: {
  to: string[];
  appUrl: string;
  match: MatchView;
  outcome: DisputeOutcome;
  notes: string;
}): MailMessage {
  const { match } = opts;
  return {
    to: opts.to,
    subject: `Dispute resolved: ${match.team1.name} vs ${match.team2.name}`,
    text: [
      opts.outcome === DISPUTE_OUTCOME.uphold
        ? "An admin reviewed the disputed result and upheld it: the reported result stands and ratings have been updated."
        : opts.outcome === DISPUTE_OUTCOME.correct
          ? "An admin reviewed the disputed result and corrected it: the score and winner below now stand and ratings have been updated from them."
          : "An admin reviewed the disputed result and voided the match: it does not count and ratings are unchanged.",
      summary(match),
      `Admin's notes:\n${opts.notes}`,
      `Match history:\n${opts.appUrl}/history`,
    ].join("\n\n"),
  };
}

/**
 * A result now stands: confirmed by the opponent (to the reporting team) or, without an answer by
 * the deadline, auto-confirmed (to both teams).
 */
export function resultConfirmedMail(opts: { to: string[]; appUrl: string; match: MatchView; auto: boolean }): MailMessage {
  const { match } = opts;
  return {
    to: opts.to,
    subject: `${opts.auto ? "Result auto-confirmed" : "Result confirmed"}: ${match.team1.name} vs ${match.team2.name}`,
    text: [
      opts.auto
        ? "Nobody disputed the reported result before the deadline, so it was confirmed automatically: it counts and ratings have been updated."
        : "The other team confirmed the result you reported: it counts and ratings have been updated.",
      summary(match),
      `Match history:\n${opts.appUrl}/history`,
    ].join("\n\n"),
  };
}

/** To the captain of the team that did not report (the partner sees it in the app): 24 h before auto-confirmation. */
export function approvalReminderMail(o: { appUrl: string; timeZone: string; reportingTeam: string; deadline: Date }): { subject: string; text: string } {
  const at = formatZonedDateTime(o.deadline, o.timeZone);
  return {
    subject: `Reminder: confirm or dispute the result reported by ${o.reportingTeam} before ${at}`,
    text: [
      `${o.reportingTeam} reported the result of your match. Unless you confirm or dispute it, it is confirmed automatically on ${at} and the ratings change.`,
      `Confirm or dispute it here: ${o.appUrl}/challenges`,
    ].join("\n\n"),
  };
}
