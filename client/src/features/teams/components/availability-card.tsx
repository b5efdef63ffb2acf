// My Profile: the player's own usual week (docs/product.md, "Weekly availability"), and their
// partner's beside it with the cells where both are free.
import { useEffect, useState } from "react";
import { CalendarDays } from "lucide-react";
import { commonSlots, freeCounts, type Availability } from "@shared/availability";
import { updateAvailabilitySchema } from "@shared/validators/availability";
import { AvailabilityEditor, AvailabilityOverlap } from "@/components/ui/availability-grid";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryErrorState } from "@/components/ui/error-state";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useTeamAvailability } from "../api/get-team-availability";
import { useUpdateAvailability } from "../api/update-availability";

export function AvailabilityCard({ teamId, userId }: { teamId: number; userId: number }) {
  const team = useTeamAvailability(teamId);
  const save = useUpdateAvailability();
  const me = team.data?.players.find((p) => p.id === userId);
  const partner = team.data?.players.find((p) => p.id !== userId);
  const [draft, setDraft] = useState<Availability | null>(null);
  useEffect(() => {
    if (me && draft === null) setDraft(me.availability);
  }, [me, draft]);
  const dirty = draft !== null && me !== undefined && JSON.stringify(draft) !== JSON.stringify(me.availability);

  const submit = () => {
    const parsed = updateAvailabilitySchema.safeParse({ availability: draft });
    if (!parsed.success) {
      return toast({ variant: "destructive", title: "Availability Not Saved", description: parsed.error.issues[0]?.message });
    }
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        setDraft(r.availability);
        toast({ variant: "success", title: "Availability Saved", description: "Your team and the teams you may play now see when you can usually play." });
      },
      onError: (err) => toast({ variant: "destructive", title: "Availability Not Saved", description: errorMessage(err) }),
    });
  };

  const both = me && partner ? [draft ?? me.availability, partner.availability] : [];
  return (
    <SectionCard
      className="min-w-0"
      icon={CalendarDays}
      title="My usual availability"
      description="Tick when you can usually play (club time). Your team and the teams you may play see it, and the challenge form suggests times when all four of you are free."
      contentClassName="grid gap-6 lg:grid-cols-2"
    >
      {team.isPending || (me && draft === null) ? (
        <Skeleton className="h-72 w-full" />
      ) : team.isError ? (
        <QueryErrorState query={team} message="Failed to load availability" />
      ) : draft ? (
        <div className="grid gap-3">
          <AvailabilityEditor value={draft} onChange={setDraft} disabled={save.isPending} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
              Save availability
            </Button>
            {dirty && (
              <Button variant="outline" onClick={() => setDraft(me!.availability)} disabled={save.isPending}>
                Undo changes
              </Button>
            )}
          </div>
        </div>
      ) : null}
      {me && partner && (
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-foreground">You and {partner.name}</h3>
          {partner.isSet ? (
            <p className="text-sm text-muted-foreground">
              {commonSlots(both).size > 0
                ? `Marked cells: both of you are usually free.`
                : `No time when both of you are usually free yet.`}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{partner.name} has not set a usual availability yet.</p>
          )}
          <AvailabilityOverlap label={`When you and ${partner.name} are usually free`} counts={freeCounts(both)} of={2} allLabel="both free" />
        </div>
      )}
    </SectionCard>
  );
}
