// /seasons (docs/product.md, "Season archives"): the closed seasons, the latest first, each with its
// dates and champions and a link to its frozen standings.
import { useState } from "react";
import { Link } from "wouter";
import { Archive } from "lucide-react";
import { formatSeasonDay } from "@shared/time";
import { PageHeader } from "@/components/ui/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Pager } from "@/components/ui/pager";
import { buttonVariants } from "@/components/ui/button";
import { useArchivedSeasons } from "../api/get-seasons";
import { Champions } from "../components/champions";

export default function SeasonsPage() {
  const [page, setPage] = useState(1);
  const query = useArchivedSeasons(page);
  return (
    <section>
      <PageHeader title="Past Seasons" description="Each season's final standings, frozen when it closed, and its champions." />
      {query.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : query.isError ? (
        <QueryErrorState query={query} message="Error loading past seasons. Please try again." />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={Archive} title="No season has closed yet." description="When a season ends, its final standings are kept here." />
      ) : (
        <div className="grid gap-6">
          {query.data.items.map((s) => (
            <Card key={s.id} aria-labelledby={`season-${s.id}`} role="region">
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <CardTitle id={`season-${s.id}`}>{s.name}</CardTitle>
                  <CardDescription>
                    {formatSeasonDay(s.firstDay)} to {formatSeasonDay(s.lastDay)}
                  </CardDescription>
                </div>
                <Link href={`/seasons/${s.id}`} className={buttonVariants({ size: "sm", variant: "outline" })} aria-label={`Standings of ${s.name}`}>
                  Standings
                </Link>
              </CardHeader>
              <CardContent>
                <Champions champions={s.champions} />
              </CardContent>
            </Card>
          ))}
          <Pager of={query.data} onPageChange={setPage} label="Past seasons pages" />
        </div>
      )}
    </section>
  );
}
