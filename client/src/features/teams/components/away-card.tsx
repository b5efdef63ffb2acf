// The captain's Away card (docs/product.md, "Away"): mark the team away for up to 21 club days (it
// cannot be challenged then, and the days do not count towards inactivity), come back sooner, or
// cancel. Days are the club's (the server's `today` is the earliest first day).
import { useState, type FormEvent } from "react";
import { Plane } from "lucide-react";
import { AWAY_MAX_DAYS } from "@shared/constants";
import { formatDay } from "@shared/time";
import { AWAY_TITLES, setAwaySchema, shortenAwaySchema } from "@shared/validators/away";
import type { AwayRange } from "@shared/types/away";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/error-state";
import { toast } from "@/components/ui/toast";
import { fieldErrors } from "@/lib/field-errors";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useTeamAway } from "../api/get-team-away";
import { useCancelTeamAway, useSetTeamAway, useShortenTeamAway } from "../api/change-team-away";

const failed = (err: unknown) =>
  toast({ variant: "destructive", title: (err instanceof ApiError && err.title) || AWAY_TITLES.setFailed, description: errorMessage(err) });

export function AwayCard({ teamId }: { teamId: number }) {
  const away = useTeamAway(teamId);
  return (
    <SectionCard
      className="min-w-0"
      titleId="away-card-title"
      icon={Plane}
      title="Away"
      description={`Exams or a trip? Mark your team away for up to ${AWAY_MAX_DAYS} days: nobody can challenge it then, and those days do not count towards inactivity.`}
    >
      {away.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : away.isError ? (
        <ErrorState message="Failed to load your away time" onRetry={() => void away.refetch()} retrying={away.isFetching} />
      ) : away.data.current ? (
        <CurrentAway key={`${away.data.current.id}-${away.data.current.lastDay}`} teamId={teamId} range={away.data.current} today={away.data.today} />
      ) : (
        <SetAwayForm teamId={teamId} today={away.data.today} />
      )}
    </SectionCard>
  );
}

function SetAwayForm({ teamId, today }: { teamId: number; today: string }) {
  const setAway = useSetTeamAway(teamId);
  const [firstDay, setFirstDay] = useState("");
  const [lastDay, setLastDay] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setAwaySchema.safeParse({ firstDay, lastDay });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    // mutateAsync: the answer swaps this form for the current range (this component unmounts), and
    // mutate()'s own callbacks would then not run.
    setAway.mutateAsync(parsed.data).then(
      (r) =>
        toast({
          variant: "success",
          title: AWAY_TITLES.set,
          description: `Your team is away from ${formatDay(r.current!.firstDay)} to ${formatDay(r.current!.lastDay)}.`,
        }),
      (err: unknown) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        failed(err);
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Set away">
      <FormField label="First day away" required error={errors.firstDay}>
        <Input type="date" min={today} value={firstDay} onChange={(e) => setFirstDay(e.target.value)} />
      </FormField>
      <FormField label="Last day away" required error={errors.lastDay}>
        <Input type="date" min={firstDay || today} value={lastDay} onChange={(e) => setLastDay(e.target.value)} />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" loading={setAway.isPending}>
          Set Away
        </Button>
      </div>
    </form>
  );
}

function CurrentAway({ teamId, range, today }: { teamId: number; range: AwayRange; today: string }) {
  const shorten = useShortenTeamAway(teamId);
  const cancel = useCancelTeamAway(teamId);
  const [lastDay, setLastDay] = useState(range.lastDay);
  const [error, setError] = useState<string | undefined>();
  const begun = range.firstDay <= today;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shortenAwaySchema.safeParse({ lastDay });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    shorten.mutateAsync({ awayId: range.id, ...parsed.data }).then(
      (r) => toast({ variant: "success", title: AWAY_TITLES.changed, description: `Your team is away until ${formatDay(r.current!.lastDay)}.` }),
      (err: unknown) => {
        if (err instanceof ApiError && err.fields?.lastDay) setError(err.fields.lastDay);
        failed(err);
      },
    );
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {begun ? (
          <>
            Your team is <strong>away until {formatDay(range.lastDay)}</strong> (since {formatDay(range.firstDay)}).
          </>
        ) : (
          <>
            Your team will be <strong>away from {formatDay(range.firstDay)} to {formatDay(range.lastDay)}</strong>.
          </>
        )}
      </p>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end" aria-label="Change the last day away">
        <FormField label="Last day away" error={error}>
          <Input
            type="date"
            min={range.firstDay > today ? range.firstDay : today}
            max={range.lastDay}
            value={lastDay}
            onChange={(e) => setLastDay(e.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" loading={shorten.isPending} disabled={lastDay === range.lastDay}>
            Come Back Sooner
          </Button>
          <Button
            type="button"
            variant="destructive"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutateAsync(range.id).then(
                () => toast({ variant: "success", title: AWAY_TITLES.canceled, description: "Your team can be challenged again." }),
                failed,
              )
            }
          >
            Cancel Away
          </Button>
        </div>
      </form>
    </div>
  );
}
