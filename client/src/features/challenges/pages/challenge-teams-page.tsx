// /challenge-teams (docs/product.md, "Challenge Teams page" and "Challenges").
import { useState } from "react";
import { Info, Mountain, Sun, Trees, Users } from "lucide-react";
import {
  CHALLENGE_REACH,
  COMPETITION_TYPES,
  SURFACE_LABELS,
  SURFACE_LOCATIONS,
  SURFACES,
  type CompetitionType,
  type Surface,
} from "@shared/constants";
import { CHALLENGE_ERRORS, CHALLENGE_FORM_MESSAGES, SLOT_MESSAGES } from "@shared/validators/challenges";
import type { ChallengeCandidate } from "@shared/types/challenges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Label } from "@/components/ui/label";
import { AwaitingApprovalNotice, isAwaitingApproval, Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Options, Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { Pager } from "@/components/ui/pager";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { cn } from "@/lib/utils";
import { useStableCallback } from "@/lib/use-stable-callback";
import { useCandidates } from "../api/get-candidates";
import { useCreateChallenge } from "../api/create-challenge";
import { CandidatesTable, rankOn, wildcardsLeftText } from "../components/candidates-table";
import { ScheduleCard, slotInstant, type Schedule, type ScheduleErrors } from "../components/schedule-card";

const SURFACE_ICONS: Record<Surface, typeof Trees> = { grass: Trees, beach: Sun, hardcourt: Mountain };
const EMPTY_SCHEDULE: Schedule = { slots: [{ date: "", time: "" }], notes: "" };

export default function ChallengeTeamsPage() {
  const { data: user } = useUser();
  const isCaptain = Boolean(user?.isCaptain && user.teamId);
  const awaitingApproval = isAwaitingApproval(user);
  // Nobody on the list can be challenged: say so once per row instead of a button.
  const blocked = !isCaptain ? "Captain only" : awaitingApproval ? "Your team is awaiting approval" : null;
  const [surface, setSurface] = useState<Surface | null>(null);
  const [category, setCategory] = useState<CompetitionType | "all">(user?.competitionType ?? "all");
  const [page, setPage] = useState(1);
  const [schedule, setSchedule] = useState<Schedule>(EMPTY_SCHEDULE);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [sendingTo, setSendingTo] = useState<number | null>(null);
  const [planWith, setPlanWith] = useState<number | null>(null);
  const candidates = useCandidates({ surface, competitionType: category, page });
  const create = useCreateChallenge();
  const scheduleVisible = surface !== null && category !== "all";

  const refuse = (title: string, description: string) => toast({ variant: "destructive", title, description });

  // Stable: the candidates' rows are memoised (candidates-table.tsx), and this page renders again
  // with every key typed into the schedule form.
  const onChallenge = useStableCallback((row: ChallengeCandidate) => {
    if (!surface) return refuse(CHALLENGE_ERRORS.surface.title, CHALLENGE_FORM_MESSAGES.surface);
    if (category === "all") return refuse(CHALLENGE_ERRORS.category.title, CHALLENGE_ERRORS.category.message);
    const nextErrors: ScheduleErrors = {};
    const times = schedule.slots.map(slotInstant);
    if (times.some((t) => t === null)) nextErrors.slots = CHALLENGE_FORM_MESSAGES.dateTime;
    if (!schedule.notes.trim()) nextErrors.notes = CHALLENGE_FORM_MESSAGES.notes;
    setErrors(nextErrors);
    if (nextErrors.slots) return refuse(CHALLENGE_ERRORS.dateTime.title, CHALLENGE_FORM_MESSAGES.dateTime);
    if (nextErrors.notes) return refuse(CHALLENGE_ERRORS.notes.title, CHALLENGE_FORM_MESSAGES.notes);
    const when = times as Date[];
    if (when.some((t) => Number.isNaN(t.getTime()) || t.getTime() <= Date.now())) {
      setErrors({ slots: CHALLENGE_ERRORS.dateTimePast.message });
      return refuse(CHALLENGE_ERRORS.dateTimePast.title, CHALLENGE_ERRORS.dateTimePast.message);
    }
    if (new Set(when.map((t) => t.getTime())).size !== when.length) {
      setErrors({ slots: SLOT_MESSAGES.duplicate });
      return refuse(CHALLENGE_ERRORS.dateTime.title, SLOT_MESSAGES.duplicate);
    }
    setSendingTo(row.id);
    create.mutate(
      {
        challengedTeamId: row.id,
        location: SURFACE_LOCATIONS[surface],
        competitionType: category,
        notes: schedule.notes.trim(),
        slots: when.map((t) => ({ startsAt: t.toISOString() })),
      },
      {
        onSuccess: () => {
          toast({
            variant: "success",
            title: "Challenge sent!",
            description: `${row.name} has been challenged and notified by email.`,
          });
        },
        onError: (err) => {
          toast({
            variant: "destructive",
            title: err instanceof ApiError && err.title ? err.title : "Failed to send challenge",
            description: errorMessage(err, "Failed to send challenge"),
          });
        },
        onSettled: () => setSendingTo(null),
      },
    );
  });

  const data = candidates.data;
  const me = data?.me ?? null;

  return (
    <section>
      <PageHeader
        title="Challenge Teams"
        description="Pick a surface, schedule a match and challenge a team within your reach."
      />

      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardContent className="grid gap-5 pt-5 sm:pt-6 md:grid-cols-[1fr_16rem]">
            <div className="grid gap-2">
              <Label id="surface-label">Surface type</Label>
              <div role="radiogroup" aria-labelledby="surface-label" className="grid grid-cols-3 gap-2">
                {SURFACES.map((s) => {
                  const Icon = SURFACE_ICONS[s];
                  const selected = surface === s;
                  return (
                    <button
                      key={s}
                      type="button"
                      role="radio"
                      aria-checked={selected}
                      onClick={() => {
                        setSurface(s);
                        setPage(1);
                      }}
                      className={cn(
                        "flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-1 py-3 text-xs font-medium min-[360px]:px-2 min-[360px]:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:flex-row sm:justify-center sm:gap-2",
                        selected
                          ? "border-primary bg-primary-soft text-primary-text"
                          : "border-border-strong bg-surface text-foreground hover:bg-muted",
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                      {SURFACE_LABELS[s]}
                    </button>
                  );
                })}
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="category">Competition category</Label>
              <Select
                id="category"
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value as CompetitionType | "all");
                  setPage(1);
                }}
              >
                <option value="all">All Categories</option>
                <Options values={COMPETITION_TYPES} />
              </Select>
            </div>
          </CardContent>
        </Card>

        <AwaitingApprovalNotice user={user} />
        {!isCaptain && !awaitingApproval && (
          <Notice tone="warning" title="Only team captains can send challenges.">
            You can browse the teams here; ask your captain to challenge the one you want to play.
          </Notice>
        )}

        {scheduleVisible && blocked === null && (
          <ScheduleCard
            surface={surface}
            value={schedule}
            onChange={(next) => {
              setSchedule(next);
              setErrors({});
            }}
            errors={errors}
            myTeamId={user?.teamId ?? null}
            teams={candidates.data?.items ?? []}
            planWith={planWith}
            onPlanWith={setPlanWith}
          />
        )}

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Users className="size-5 text-primary" aria-hidden="true" />
              Available teams
            </CardTitle>
            <CardDescription>
              {surface
                ? `Ratings, records and win chances on ${SURFACE_LABELS[surface].toLowerCase()}.`
                : "Select a surface to see ratings, ranks and win chances on that surface."}
              {surface && me && (
                <>
                  {" "}
                  {user?.competitionType
                    ? `Your team is ${rankOn(me.rank, user.competitionType, surface)}.`
                    : `Your team is ${me.rank === null ? "not ranked yet" : `#${me.rank}`} on this ladder.`}
                </>
              )}
              {me && me.wildcardsLeft !== null && (
                <>
                  {" "}
                  {wildcardsLeftText(me.wildcardsLeft)}
                </>
              )}
            </CardDescription>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            {candidates.isPending ? (
              <div className="grid gap-3 px-5 sm:px-6" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-12 w-full" />
                ))}
              </div>
            ) : candidates.isError ? (
              <div className="px-5 sm:px-6">
                <QueryErrorState query={candidates} message="Failed to load teams" />
              </div>
            ) : data && data.items.length === 0 ? (
              <div className="px-5 sm:px-6">
                <EmptyState title="No other teams available to challenge yet." />
              </div>
            ) : data ? (
              <>
                <CandidatesTable
                  rows={data.items}
                  blocked={blocked}
                  surfaceChosen={surface !== null}
                  surface={surface}
                  sendingTo={sendingTo}
                  onChallenge={onChallenge}
                />
                <Pager of={data} onPageChange={setPage} label="Teams to challenge pages" className="px-5 pt-4 sm:px-6" />
              </>
            ) : null}
          </CardContent>
        </Card>

        <Card className="bg-primary-soft/60">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2 text-base">
              <Info className="size-5 text-primary" aria-hidden="true" />
              How challenges work
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1.5 pl-5 text-sm text-foreground">
              <li>Choose a surface and your category, then pick a date, a time and leave your contact details.</li>
              <li>
                On that surface&apos;s ladder you can challenge any team below you, or up to {CHALLENGE_REACH} places above you. Teams
                without a match there count as one place below the last ranked team.
              </li>
              <li>The other team&apos;s captain accepts or declines; both teams are notified by email.</li>
              <li>After you play, a captain reports the result under My Challenges.</li>
              <li>The other team approves it (or disputes it) and the ratings update.</li>
              <li>You can have one active challenge at a time with each team.</li>
            </ol>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
