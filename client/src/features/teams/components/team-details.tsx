// Bio, location, preferred surface, record and member-since of a team.
import { MapPin } from "lucide-react";
import type { TeamView } from "@shared/types/teams";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatDate } from "@/lib/format";
import { PREFERRED_SURFACE_LABELS } from "./preferred-surface";
import { useResponseRecord } from "../api/get-response-record";

/** Challenges the team received and answered within the answer window, and those that expired unanswered. */
function ResponseRecordValue({ teamId }: { teamId: number }) {
  const { data, isError } = useResponseRecord(teamId);
  if (isError) return <span className="text-muted-foreground">Not available</span>;
  if (!data) return <span className="text-muted-foreground">…</span>;
  return (
    <span className="tabular-nums">
      Answered in time: {data.answeredInTime} · Expired unanswered: {data.expiredUnanswered}
    </span>
  );
}

export function TeamDetails({ team }: { team: TeamView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{team.name}</CardTitle>
        <CardDescription>Team details</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-muted-foreground">Bio</dt>
            <dd className="mt-0.5">{team.bio ?? <span className="text-muted-foreground">No bio yet.</span>}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Location</dt>
            <dd className="mt-0.5 inline-flex items-center gap-1">
              <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
              {team.location ?? "Not set"}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Preferred court surface</dt>
            <dd className="mt-0.5">{PREFERRED_SURFACE_LABELS[team.preferredCourtSurface] ?? team.preferredCourtSurface}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Record</dt>
            <dd className="mt-0.5 tabular-nums">
              {formatCount(team.wins, "win")}, {formatCount(team.losses, "loss", "losses")}
            </dd>
          </div>
          <div data-testid="response-record">
            <dt className="text-sm font-medium text-muted-foreground">Response record</dt>
            <dd className="mt-0.5">
              <ResponseRecordValue teamId={team.id} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Member since</dt>
            <dd className="mt-0.5">{formatDate(team.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
