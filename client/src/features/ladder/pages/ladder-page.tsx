// /ladder (docs/product.md, "Ladder page"): category and surface filters; all surfaces → three tables, one → one.
// Signed out (while the signed-out ladder is on, docs/product.md#the-signed-out-ladder) the same
// tables, with a call to sign in to challenge and team names that do not link.
import { Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { LogIn } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SURFACES, type CompetitionType, type Surface } from "@shared/constants";
import { PageHeader } from "@/components/ui/page-header";
import { LadderFilters } from "@/components/ui/ladder-filters";
import { useUser } from "@/lib/auth";
import { preloadable } from "@/lib/preloadable";
import { SeasonLine } from "../components/season-line";
import { LadderSkeleton, useLaddersReady } from "../components/ladder-skeleton";

// The tables (rows, Provisional tooltips, pager: ~36 KB) are their own chunk, fetched once the page
// has first rendered, alongside the ladder's first pages: the header (the page's largest text) is
// painted without waiting for them, and the skeleton stands until both the answers and the tables
// are here.
const LadderTable = preloadable(() => import("../components/ladder-table"));

export default function LadderPage() {
  const { data: user } = useUser();
  const [category, setCategory] = useState<CompetitionType | "all">("all");
  const [surface, setSurface] = useState<Surface | "all">("all");
  const competitionType = category === "all" ? undefined : category;
  const shown = surface === "all" ? SURFACES : [surface];
  const ready = useLaddersReady(shown, competitionType);
  useEffect(() => void LadderTable.preload(), []);

  return (
    <section>
      <PageHeader
        title="Ladder Rankings"
        description="Teams are ranked per surface by rating. A team appears on a surface after its first confirmed match there."
      />
      <SeasonLine />
      {!user && (
        <Notice icon={LogIn} title="Want to play?" className="mb-6">
          <p>Sign in to challenge a team, or register yours to join the ladder.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href="/auth" className={buttonVariants({ size: "sm" })}>
              Sign in to challenge
            </Link>
            <Link href="/auth?tab=register" className={buttonVariants({ size: "sm", variant: "outline" })}>
              Register a team
            </Link>
          </div>
        </Notice>
      )}
      <LadderFilters idPrefix="ladder" category={category} onCategoryChange={setCategory} surface={surface} onSurfaceChange={setSurface} />
      <div className="space-y-6">
        {ready ? (
          <Suspense fallback={<LadderSkeleton />}>
            {shown.map((s) => (
              <LadderTable
                key={s}
                surface={s}
                competitionType={competitionType}
                single={surface !== "all"}
                ownTeamId={user?.teamId ?? null}
                linkTeams={Boolean(user)}
              />
            ))}
          </Suspense>
        ) : (
          <LadderSkeleton />
        )}
      </div>
    </section>
  );
}
