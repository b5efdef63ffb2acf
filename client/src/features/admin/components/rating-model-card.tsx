// The "Rating model" card (docs/product.md, "How good are the ratings?"): how well the model in use
// and the alternatives predicted every confirmed match, computed when the admin asks; a switch to a
// model whose Brier score is not worse replays every rating and shows each team's before and after.
import { useState } from "react";
import { Gauge } from "lucide-react";
import { formatEvaluation, notWorse, type ModelEvaluation } from "@shared/rating/evaluate";
import type { RatingModelSwitch, TeamRatings } from "@shared/types/ratings";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { QueryErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useRatingModel, useSwitchRatingModel } from "../api/rating-model";

const WORSE = "Predicts worse";

interface ModelsProps {
  models: ModelEvaluation[];
  onSwitch: (m: ModelEvaluation) => void;
  busy: boolean;
}

/** The model's action: nothing for the one in use, Switch when it predicts no worse, else why not. */
function ModelAction({ model, current, onSwitch, busy }: Omit<ModelsProps, "models"> & { model: ModelEvaluation; current: ModelEvaluation }) {
  if (model.current) return null;
  if (!notWorse(model, current)) return <span className="whitespace-nowrap text-xs text-muted-foreground">{WORSE}</span>;
  return (
    <Button size="sm" variant="outline" disabled={busy} onClick={() => onSwitch(model)}>
      Switch<span className="sr-only"> to {model.label}</span>
    </Button>
  );
}

/** Phones: one item per model, its figures under its name. */
function ModelList({ models, onSwitch, busy }: ModelsProps) {
  const current = models.find((m) => m.current)!;
  return (
    <ul className="divide-y divide-border border-y border-border sm:hidden">
      {models.map((m) => {
        const f = formatEvaluation(m);
        return (
          <li key={m.id} aria-current={m.current ? "true" : undefined} className={m.current ? "grid gap-2 bg-primary-soft/60 px-2 py-3" : "grid gap-2 px-2 py-3"}>
            <p className="font-medium">
              {m.label}
              {m.current && (
                <Badge variant="default" className="ml-2">
                  In use
                </Badge>
              )}
            </p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {[
                ["Brier", f.brier],
                ["Log loss", f.logLoss],
                ["Favourite won", f.favouriteWon],
              ].map(([label, value]) => (
                <div key={label} className="flex gap-1.5">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <div>
              <ModelAction model={m} current={current} onSwitch={onSwitch} busy={busy} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ModelRows({ models, onSwitch, busy }: ModelsProps) {
  const current = models.find((m) => m.current)!;
  return (
    <Table wrapperClassName="max-sm:hidden">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Model</TableHead>
          <TableHead className="text-right">
            <abbr title="Mean squared error of the predicted win chance: 0 is perfect, 0.25 a coin toss" className="no-underline">
              Brier
            </abbr>
          </TableHead>
          <TableHead className="text-right">Log loss</TableHead>
          <TableHead className="text-right">Favourite won</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Action</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {models.map((m) => {
          const f = formatEvaluation(m);
          return (
            <TableRow key={m.id} aria-current={m.current ? "true" : undefined} className={m.current ? "bg-primary-soft/60 hover:bg-primary-soft" : undefined}>
              <TableCell className="min-w-48">
                <span className="font-medium">{m.label}</span>
                {m.current && (
                  <Badge variant="default" className="ml-2">
                    In use
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{f.brier}</TableCell>
              <TableCell className="text-right tabular-nums">{f.logLoss}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{f.favouriteWon}</TableCell>
              <TableCell className="text-right">
                <ModelAction model={m} current={current} onSwitch={onSwitch} busy={busy} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

const RATING_COLUMNS: { key: keyof TeamRatings; label: string }[] = [
  { key: "rating", label: "Overall" },
  { key: "grassRating", label: "Grass" },
  { key: "beachRating", label: "Beach" },
  { key: "hardcourtRating", label: "Hardcourt" },
];

function Change({ before, after }: { before: number; after: number }) {
  if (before === after) return <span className="text-muted-foreground">{after}</span>;
  return (
    <span className="whitespace-nowrap">
      {before} → <span className="font-semibold">{after}</span>
    </span>
  );
}

function SwitchResult({ result }: { result: RatingModelSwitch }) {
  const changed = result.teams.filter((t) => RATING_COLUMNS.some((c) => t.before[c.key] !== t.after[c.key])).length;
  return (
    <section aria-labelledby="rating-switch-result" className="grid gap-2">
      <h3 id="rating-switch-result" className="text-sm font-semibold">
        Ratings replayed over {result.matches} confirmed matches: {changed} of {result.teams.length} teams changed
      </h3>
      <div className="max-h-96 overflow-y-auto rounded-md border border-border">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Team</TableHead>
              {RATING_COLUMNS.map((c) => (
                <TableHead key={c.key} className="text-right">
                  {c.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.teams.map((t) => (
              <TableRow key={t.teamId}>
                <TableCell className="font-medium">{t.name}</TableCell>
                {RATING_COLUMNS.map((c) => (
                  <TableCell key={c.key} className="text-right tabular-nums">
                    <Change before={t.before[c.key]} after={t.after[c.key]} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

export function RatingModelCard() {
  const [requested, setRequested] = useState(false);
  const query = useRatingModel(requested);
  const switchModel = useSwitchRatingModel();
  const [target, setTarget] = useState<ModelEvaluation | null>(null);
  const [result, setResult] = useState<RatingModelSwitch | null>(null);

  const confirm = () => {
    if (!target) return;
    switchModel.mutate(target.id, {
      onSuccess: (res) => {
        setResult(res);
        setTarget(null);
        toast({ variant: "success", title: "Rating Model Switched", description: `Every rating was replayed with ${target.label}.` });
      },
      onError: (err) => {
        setTarget(null);
        toast({ variant: "destructive", title: "Failed to Switch Rating Model", description: errorMessage(err) });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Rating model</CardTitle>
        <CardDescription>
          How well the ratings predicted every confirmed match, each scored before it was applied. Lower Brier score and log loss are better; you can
          switch to a model whose Brier score is not worse.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!requested ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setRequested(true)}>
            <Gauge aria-hidden="true" /> Evaluate the ratings
          </Button>
        ) : query.isPending ? (
          <Skeleton className="h-64 w-full" aria-label="Evaluating the ratings" />
        ) : query.isError ? (
          <QueryErrorState query={query} message="Failed to evaluate the ratings" />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Scored on {query.data.matches} confirmed {query.data.matches === 1 ? "match" : "matches"}.
            </p>
            <ModelList models={query.data.models} onSwitch={setTarget} busy={switchModel.isPending} />
            <ModelRows models={query.data.models} onSwitch={setTarget} busy={switchModel.isPending} />
            <Button variant="ghost" size="sm" className="justify-self-start" disabled={query.isFetching} onClick={() => void query.refetch()}>
              Evaluate again
            </Button>
          </>
        )}
        {result && <SwitchResult result={result} />}
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Switch the rating model?"
        description={
          target
            ? `Every team's ratings will be replayed from all confirmed matches with ${target.label}. Results confirmed from now on use it too.`
            : undefined
        }
        confirmLabel="Switch and replay"
        pending={switchModel.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
