// The captain and partner, with approval status and (for the team's own members) their email.
import { Crown, User as UserIcon } from "lucide-react";
import type { TeamView } from "@shared/types/teams";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function TeamMembers({ team }: { team: TeamView }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Team Members</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {team.members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar name={m.name} src={m.avatar} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="font-medium">{m.name}</p>
                  <Badge variant={m.isCaptain ? "default" : "secondary"}>
                    {m.isCaptain ? <Crown aria-hidden="true" /> : <UserIcon aria-hidden="true" />}
                    {m.isCaptain ? "Team Captain" : "Partner"}
                  </Badge>
                  {!m.isApproved && <Badge variant="warning">Pending</Badge>}
                </div>
                {/* The whole address, wrapped when the phone is narrow (never cut off). */}
                {m.email && <p className="break-all text-sm text-muted-foreground">{m.email}</p>}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
