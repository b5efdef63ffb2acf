import { memo, Suspense, useEffect, useState } from "react";
import { CalendarClock, CalendarPlus, Check, Clock, Hourglass, MapPin, MessageSquare, Trophy, Undo2, X } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { CHALLENGE_STATUS, CONFIRMATION_STATUS, RESPONSE_NOTE_MAX, SURFACE_LABELS } from "@shared/constants";
import type { ChallengeSlotView, ChallengeView } from "@shared/types/challenges";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TeamStatusBadge } from "@/components/ui/team-status-badge";
import { ActivityBadges } from "@/components/ui/activity-badges";
import { TEAM_RATING_HINT } from "@/lib/format";
import { CharCount } from "@/components/ui/char-count";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatLongDateTime } from "@/lib/format";
import { clubQueryOptions, useZoneMark } from "@/lib/club-time";
import { DEFAULT_CLUB_TIMEZONE } from "@shared/time";
import { challengeClock } from "./challenge-clock";
import { cn } from "@/lib/utils";
import { useUpdateChallenge } from "../api/update-challenge";
import { useWithdrawMatch } from "../api/withdraw-match";
import { challengeCalendarUrl, useCancelChallenge } from "../api/cancel-challenge";
import { preloadable, preloadWhenIdle } from "@/lib/preloadable";
import { ProposedTimes } from "./proposed-times";
import { useAcceptSlot } from "../api/accept-slot";
import { useWithdrawSlots } from "../api/withdraw-slots";
import { TeamIdentity } from "./team-identity";

// The dialogs with a form (and the form library and schemas they bring) are chunks of their own:
// fetched once the page is idle when their button is on the card, or when it is pointed at.
const ReportMatchDialog = preloadable(() => import("./report-match-dialog"));
const ProposeTimesDialog = preloadable(() => import("./propose-times-dialog"));
const preloadReport = () => void ReportMatchDialog.preload();
const preloadPropose = () => void ProposeTimesDialog.preload();

const STATUS_TEXT: Record<ChallengeView["status"], string> = {
  [CHALLENGE_STATUS.pending]: "Pending",
  [CHALLENGE_STATUS.accepted]: "Accepted",
  [CHALLENGE_STATUS.declined]: "Declined",
  [CHALLENGE_STATUS.canceled]: "Canceled",
  [CHALLENGE_STATUS.matchReported]: "Result reported",
  [CHALLENGE_STATUS.completed]: "Completed",
  [CHALLENGE_STATUS.expired]: "Expired",
};
const isActive = (status: ChallengeView["status"]) => status === CHALLENGE_STATUS.pending || status === CHALLENGE_STATUS.accepted;

function StatusTags({ status, result }: { status: ChallengeView["status"]; result: ChallengeView["matchConfirmationStatus"] }) {
  // A reported result the other team disputed waits for an admin, not for approval.
  if (status === CHALLENGE_STATUS.matchReported && result === CONFIRMATION_STATUS.disputed) return <Badge variant="destructive">Disputed</Badge>;
  if (status === CHALLENGE_STATUS.matchReported) return <Badge variant="warning">Waiting for Approval</Badge>;
  if (isActive(status)) {
    return (
      <>
        <Badge variant="default">In Progress</Badge>
        <Badge variant={status === CHALLENGE_STATUS.accepted ? "success" : "secondary"}>{STATUS_TEXT[status]}</Badge>
      </>
    );
  }
  return <Badge variant="secondary">{STATUS_TEXT[status]}</Badge>;
}

function CaptainOnly({ action }: { action: "accept or decline" | "cancel" }) {
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground" role="note">
      <span className="font-semibold text-foreground">Captain Only:</span> Only your team captain can {action} challenges
    </p>
  );
}

/**
 * One challenge on /challenges: the other team (card rating = mean of the surface ratings), details, actions.
 * Memoised: each slice a list adds (useProgressive) renders only the new cards.
 */
export const ChallengeCard = memo(function ChallengeCard({
  challenge,
  isCaptain,
  myTeam,
  userId,
}: {
  challenge: ChallengeView;
  isCaptain: boolean;
  myTeam: { id: number; name: string };
  /** The signed-in player (their own ticks on the proposed times). */
  userId: number;
}) {
  const zoneMark = useZoneMark();
  const update = useUpdateChallenge();
  const cancel = useCancelChallenge();
  const withdraw = useWithdrawMatch();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const { opponent, status, direction } = challenge;
  const incoming = direction === "incoming";
  const club = useQuery(clubQueryOptions);
  const clock = challengeClock(challenge, new Date(), club.data?.timeZone ?? DEFAULT_CLUB_TIMEZONE);

  const [answering, setAnswering] = useState<typeof CHALLENGE_STATUS.accepted | typeof CHALLENGE_STATUS.declined | null>(null);
  const [note, setNote] = useState("");
  const accepting = answering === CHALLENGE_STATUS.accepted;
  // Proposed times (docs/product.md, "Proposed times"): whose turn it is, the time being accepted.
  const acceptSlot = useAcceptSlot();
  const withdrawSlots = useWithdrawSlots();
  const [chosenSlot, setChosenSlot] = useState<ChallengeSlotView | null>(null);
  const [proposing, setProposing] = useState(false);
  const pending = status === CHALLENGE_STATUS.pending;
  const accepted = status === CHALLENGE_STATUS.accepted;
  // Whose answer the open times wait for (a challenge from before proposed times: the challenged team's).
  const awaiting = challenge.awaitingTeamId ?? (pending ? challenge.challengedTeamId : null);
  const myTurn = isCaptain && awaiting === myTeam.id;
  const theirTurn = awaiting !== null && awaiting !== myTeam.id;
  const hasSlots = challenge.slots.length > 0;
  // One open time (or none, before proposed times) on a pending challenge: the plain Accept takes it;
  // several, or a proposed move of an accepted match: 'Accept this time' on each.
  const plainAccept = pending && myTurn && challenge.slots.length <= 1;
  const canPropose = (pending && myTurn) || (accepted && isCaptain && !theirTurn);
  const canReport = accepted && isCaptain;
  useEffect(() => (canReport ? preloadWhenIdle(ReportMatchDialog) : undefined), [canReport]);
  useEffect(() => (canPropose ? preloadWhenIdle(ProposeTimesDialog) : undefined), [canPropose]);
  const acceptTime = (slot: ChallengeSlotView) => {
    if (pending) {
      setChosenSlot(slot);
      setAnswering(CHALLENGE_STATUS.accepted);
      return;
    }
    acceptSlot.mutate(
      { id: challenge.id, slotId: slot.id },
      {
        onSuccess: () => toast({ variant: "success", title: "Match Rescheduled", description: `${opponent.name} has been told of the new time.` }),
        onError: (err) => toast({ variant: "destructive", title: "Action Failed", description: errorMessage(err) }),
      },
    );
  };
  const doWithdrawSlots = () =>
    withdrawSlots.mutate(challenge.id, {
      onSuccess: () => toast({ variant: "success", title: "Proposal Withdrawn", description: "The match stays at the agreed time." }),
      onError: (err) => toast({ variant: "destructive", title: "Action Failed", description: errorMessage(err) }),
    });
  const respond = (next: typeof CHALLENGE_STATUS.accepted | typeof CHALLENGE_STATUS.declined) =>
    update.mutate(
      { id: challenge.id, status: next, note: note.trim() || null, ...(next === CHALLENGE_STATUS.accepted && chosenSlot ? { slotId: chosenSlot.id } : {}) },
      {
        onSuccess: () => {
          setAnswering(null);
          setChosenSlot(null);
          setNote("");
          toast({
            variant: "success",
            title: "Challenge Updated",
            description: next === CHALLENGE_STATUS.accepted ? `You accepted the challenge from ${opponent.name}.` : `You declined the challenge from ${opponent.name}.`,
          });
        },
        onError: (err) => {
          setAnswering(null);
          setChosenSlot(null);
          toast({ variant: "destructive", title: "Action Failed", description: errorMessage(err) });
        },
      },
    );

  const doCancel = () =>
    cancel.mutate(challenge.id, {
      onSuccess: () => {
        setConfirmCancel(false);
        toast({ variant: "success", title: "Challenge Cancelled", description: "All players have been notified." });
      },
      onError: (err) => {
        setConfirmCancel(false);
        toast({ variant: "destructive", title: "Failed to Cancel Challenge", description: errorMessage(err) });
      },
    });

  const canWithdraw =
    isCaptain &&
    status === CHALLENGE_STATUS.matchReported &&
    challenge.matchReportedByMe &&
    challenge.matchId !== null &&
    challenge.matchConfirmationStatus === CONFIRMATION_STATUS.pending;
  const doWithdraw = () =>
    withdraw.mutate(challenge.matchId!, {
      onSuccess: () => {
        setConfirmWithdraw(false);
        toast({ variant: "success", title: "Result Withdrawn", description: `${opponent.name} has been told. You can report the right result now.` });
      },
      onError: (err) => {
        setConfirmWithdraw(false);
        toast({ variant: "destructive", title: "Failed to Withdraw Result", description: errorMessage(err) });
      },
    });

  // Team 1 is the challenger, team 2 the challenged team (the order the match is reported in).
  const challenger = incoming ? { id: opponent.id, name: opponent.name } : myTeam;
  const challenged = incoming ? myTeam : { id: opponent.id, name: opponent.name };

  return (
    <li id={`challenge-${challenge.id}`} className="grid scroll-mt-20 gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TeamIdentity teamId={opponent.id} name={opponent.name} avatar={opponent.avatar} members={opponent.members} />
        <div className="flex flex-wrap items-center gap-1.5">
          {opponent.suspended && <TeamStatusBadge status="Suspended" />}
          <ActivityBadges inactive={false} awayUntil={opponent.awayUntil} />
          <StatusTags status={status} result={challenge.matchConfirmationStatus} />
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <Trophy className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Team rating</dt>
          <dd title={TEAM_RATING_HINT}>
            Team rating <span className="font-semibold tabular-nums">{opponent.meanRating}</span>
            <span className="text-muted-foreground"> · {opponent.wins}-{opponent.losses}</span>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Location</dt>
          <dd>
            {challenge.location} <span className="text-muted-foreground">({SURFACE_LABELS[challenge.surface]})</span>
          </dd>
        </div>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Proposed date and time</dt>
          <dd>
            {pending && challenge.slots.length > 1 ? (
              `${challenge.slots.length} proposed times (below)`
            ) : (
              <>
                {formatLongDateTime(challenge.proposedDateTime, "No date set")}
                {zoneMark(challenge.proposedDateTime)}
              </>
            )}
          </dd>
        </div>
        {clock && status !== CHALLENGE_STATUS.expired && (
          <div className="flex items-center gap-2 sm:col-span-2">
            <Hourglass className={cn("size-4", clock.urgent ? "text-destructive-text" : "text-muted-foreground")} aria-hidden="true" />
            <dt className="sr-only">Deadline</dt>
            <dd className={cn("font-medium", clock.urgent && "text-destructive-text")} data-testid="challenge-clock">
              {clock.text}
            </dd>
          </div>
        )}
        {challenge.responseNote && (
          <div className="flex items-start gap-2 sm:col-span-2">
            <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dt className="shrink-0 whitespace-nowrap font-medium">{status === CHALLENGE_STATUS.declined ? "Reason:" : incoming ? "Your contact:" : "Their contact:"}</dt>
            <dd className="min-w-0 whitespace-pre-wrap break-words">{challenge.responseNote}</dd>
          </div>
        )}
        {challenge.notes && (
          <div className="flex items-start gap-2 sm:col-span-2">
            <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Contact information</dt>
            <dd className="min-w-0 whitespace-pre-wrap">{challenge.notes}</dd>
          </div>
        )}
      </dl>

      {isActive(status) && hasSlots && (
        <ProposedTimes
          challenge={challenge}
          userId={userId}
          canAccept={myTurn && !plainAccept}
          onAccept={acceptTime}
          acceptPending={update.isPending || acceptSlot.isPending}
        />
      )}
      {isActive(status) && hasSlots && theirTurn && (
        <p className="text-sm text-muted-foreground" role="status">
          {accepted ? `Waiting for ${opponent.name} to answer your new times; the match stays at the agreed time until then.` : `Waiting for ${opponent.name} to accept one of the times or propose others.`}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {plainAccept && (
          <Button size="sm" onClick={() => setAnswering(CHALLENGE_STATUS.accepted)} disabled={update.isPending}>
            <Check aria-hidden="true" />
            Accept
          </Button>
        )}
        {incoming && pending && isCaptain && (
          <Button size="sm" variant="outline" onClick={() => setAnswering(CHALLENGE_STATUS.declined)} disabled={update.isPending}>
            <X aria-hidden="true" />
            Decline
          </Button>
        )}
        {canPropose && (
          <Button size="sm" variant="outline" onPointerEnter={preloadPropose} onFocus={preloadPropose} onClick={() => setProposing(true)}>
            <CalendarClock aria-hidden="true" />
            {accepted ? (myTurn ? "Propose other times" : "Reschedule") : "Propose other times"}
          </Button>
        )}
        {accepted && isCaptain && theirTurn && hasSlots && (
          <Button size="sm" variant="outline" onClick={doWithdrawSlots} loading={withdrawSlots.isPending}>
            <Undo2 aria-hidden="true" />
            Withdraw new times
          </Button>
        )}
        {!incoming && isActive(status) && isCaptain && (
          <Button size="sm" variant="outline" onClick={() => setConfirmCancel(true)}>
            Cancel Challenge
          </Button>
        )}
        {canReport && (
          <Button size="sm" onPointerEnter={preloadReport} onFocus={preloadReport} onClick={() => setReportOpen(true)}>
            <Trophy aria-hidden="true" />
            Report Result
          </Button>
        )}
        {canWithdraw && (
          <Button size="sm" variant="outline" onClick={() => setConfirmWithdraw(true)}>
            <Undo2 aria-hidden="true" />
            Withdraw Result
          </Button>
        )}
        {status === CHALLENGE_STATUS.accepted && (
          <a href={challengeCalendarUrl(challenge.id)} download className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}>
            <CalendarPlus aria-hidden="true" />
            Add to calendar
          </a>
        )}
      </div>
      {!isCaptain && incoming && status === CHALLENGE_STATUS.pending && <CaptainOnly action="accept or decline" />}
      {!isCaptain && !incoming && isActive(status) && <CaptainOnly action="cancel" />}

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this challenge?"
        description={`${opponent.name} will be notified that you canceled the challenge.`}
        confirmLabel="Cancel Challenge"
        cancelLabel="Keep it"
        destructive
        pending={cancel.isPending}
        onConfirm={doCancel}
      />
      <ConfirmDialog
        open={answering !== null}
        onOpenChange={(open) => {
          if (open) return;
          setAnswering(null);
          setChosenSlot(null);
          setNote("");
        }}
        title={accepting ? (chosenSlot ? `Accept ${formatLongDateTime(chosenSlot.startsAt)}${zoneMark(chosenSlot.startsAt)}?` : "Accept this challenge?") : "Decline this challenge?"}
        description={
          accepting
            ? `${opponent.name} will be emailed that you accepted${chosenSlot ? ` to play at ${chosenSlot.location}` : ""}.`
            : `${opponent.name} will be told that you declined.`
        }
        confirmLabel={accepting ? "Accept Challenge" : "Decline Challenge"}
        cancelLabel={accepting ? "Not yet" : "Keep it"}
        destructive={!accepting}
        pending={update.isPending}
        onConfirm={() => answering && respond(answering)}
      >
        <FormField
          label={accepting ? "Your contact (optional)" : "Reason (optional)"}
          hint={
            accepting
              ? `Phone, email or anything ${opponent.name} needs to arrange the match; it goes in their email.`
              : `${opponent.name} sees it on the challenge and in the email.`
          }
          labelAside={<CharCount value={note} max={RESPONSE_NOTE_MAX} />}
        >
          <Textarea value={note} maxLength={RESPONSE_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value.slice(0, RESPONSE_NOTE_MAX))} />
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmWithdraw}
        onOpenChange={setConfirmWithdraw}
        title="Withdraw the reported result?"
        description={`The result will not count and ${opponent.name} will be told. The challenge goes back to accepted, so you can report the right result.`}
        confirmLabel="Withdraw Result"
        cancelLabel="Keep it"
        destructive
        pending={withdraw.isPending}
        onConfirm={doWithdraw}
      />
      <Suspense fallback={null}>
        {proposing && <ProposeTimesDialog open={proposing} onOpenChange={setProposing} challenge={challenge} reschedule={accepted} />}
        {reportOpen && (
          <ReportMatchDialog
            open={reportOpen}
            onOpenChange={setReportOpen}
            challengeId={challenge.id}
            location={challenge.location}
            team1={challenger}
            team2={challenged}
          />
        )}
      </Suspense>
    </li>
  );
});
