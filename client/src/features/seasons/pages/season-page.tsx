// /seasons/{id} (docs/product.md, "Season archives"): a closed season's frozen standings with the
// ladder's filters (category, surface; and the overall ladder), and its champions.
import { useState } from "react";
import { Link, useParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import { SURFACE_TABLE_TITLES, type CompetitionType } from "@shared/constants";
import { SEASON_LADDERS, type SeasonLadder } from "@shared/validators/seasons";
import { formatSeasonDay } from "@shared/time";
import { PageHeader } from "@/components/ui/page-header";
import { LadderFilters } from "@/components/ui/ladder-filters";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSeason } from "../api/get-season";
import { StandingsTable } from "../components/standings-table";
import { Champions, LADDER_NAMES } from "../components/champions";

const TABLE_TITLES: Record<SeasonLadder, string> = { ...SURFACE_TABLE_TITLES, overall: "Overall" };

export default function SeasonPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const season = useSeason(id);
  const [category, setCategory] = useState<CompetitionType | "all">("all");
  const [ladder, setLadder] = useState<SeasonLadder | "all">("all");
  useDocumentTitle(season.data ? `${season.data.name} standings` : "Season standings");
  const shown = ladder === "all" ? SEASON_LADDERS : [ladder];
  const competitionType = category === "all" ? undefined : category;

  return (
    <section>
      <Link href="/seasons" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Past seasons
      </Link>
      {season.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : season.isError ? (
        <QueryErrorState query={season} message="Error loading this season. Please try again." />
      ) : (
        <>
          <PageHeader
            title={season.data.name}
            description={`Final standings, ${formatSeasonDay(season.data.firstDay)} to ${formatSeasonDay(season.data.lastDay)}. Names are as they were when the season closed.`}
          />
          <Card className="mb-6">
            <CardHeader className="pb-3">
              <CardTitle>Champions</CardTitle>
            </CardHeader>
            <CardContent>
              <Champions champions={season.data.champions} />
            </CardContent>
          </Card>
          <LadderFilters
            idPrefix="season"
            category={category}
            onCategoryChange={setCategory}
            surface={ladder}
            onSurfaceChange={setLadder}
            surfaces={SEASON_LADDERS}
            labels={LADDER_NAMES}
          />
          <div className="space-y-6">
            {shown.map((l) => (
              <StandingsTable key={l} seasonId={id} ladder={l} title={TABLE_TITLES[l]} competitionType={competitionType} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
