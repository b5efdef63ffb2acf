// The one shell of the emailed-token match pages (confirm, dispute): loading, 'Match Not Found',
// 'Match Already {status}', the card of a pending match with the page's own content and actions,
// and what the page says once its action succeeded.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { CircleAlert, CircleCheck, SearchX, type LucideIcon } from "lucide-react";
import { CONFIRMATION_STATUS } from "@shared/constants";
import type { MatchView } from "@shared/types/matches";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageSpinner } from "@/components/ui/spinner";
import { buttonVariants } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useMatchByToken } from "../api/get-match-by-token";
import { MatchDetails } from "./match-details";

function StatusCard({
  icon,
  title,
  children,
  tone = "default",
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  tone?: "default" | "success";
}) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <div className={tone === "success" ? "text-success-text" : "text-muted-foreground"}>{icon}</div>
        <h1 className="text-2xl font-semibold leading-tight tracking-tight text-foreground">{title}</h1>
      </CardHeader>
      {children && <CardContent className="space-y-4">{children}</CardContent>}
    </Card>
  );
}

const ladderLink = (
  <Link href="/ladder" className={buttonVariants({ variant: "outline" })}>
    Go to the ladder
  </Link>
);

/** Renders `children(match)` only while the match is pending; every other state is handled here. */
function TokenMatchGate({
  token,
  children,
  settled,
}: {
  token: string;
  children: (match: MatchView) => ReactNode;
  /** Shown instead of the gate's states once this page's own action succeeded. */
  settled?: ReactNode;
}) {
  const query = useMatchByToken(token);
  if (settled) return <>{settled}</>;
  if (query.isPending) return <PageSpinner label="Loading match" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <StatusCard icon={<SearchX className="size-10" aria-hidden="true" />} title="Match Not Found">
          <CardDescription>This link is not valid or has expired. Check the link in your email.</CardDescription>
          {ladderLink}
        </StatusCard>
      );
    }
    return (
      <QueryErrorState className="mx-auto max-w-lg"
        query={query} message="Failed to load match" />
    );
  }
  const match = query.data;
  if (match.confirmationStatus !== CONFIRMATION_STATUS.pending) {
    return (
      <StatusCard
        icon={
          match.confirmationStatus === CONFIRMATION_STATUS.confirmed ? (
            <CircleCheck className="size-10" aria-hidden="true" />
          ) : (
            <CircleAlert className="size-10" aria-hidden="true" />
          )
        }
        title={`Match Already ${match.confirmationStatus}`}
      >
        <CardDescription>
          {match.confirmationStatus === CONFIRMATION_STATUS.confirmed
            ? "This result has already been confirmed and the ladder is up to date."
            : "This result has been disputed and is waiting for an admin's review."}
        </CardDescription>
        {ladderLink}
      </StatusCard>
    );
  }
  return <>{children(match)}</>;
}

interface TokenMatchCardProps {
  title: string;
  /** Said after 'Team A vs Team B: '. */
  lead: string;
  children?: ReactNode;
  actions: ReactNode;
  contentClassName?: string;
}

/** A token page's card for the pending match: its title, the two teams and what to do, the match's details, the page's own content and its actions. */
function TokenMatchCard({
  title,
  match,
  lead,
  children,
  actions,
  contentClassName,
}: TokenMatchCardProps & { match: MatchView }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight tracking-tight text-foreground">{title}</h1>
        <CardDescription>
          {match.team1.name} vs {match.team2.name}: {lead}
        </CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        <MatchDetails match={match} />
        {children}
      </CardContent>
      <CardFooter className="flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">{actions}</CardFooter>
    </Card>
  );
}

/** What a token page says once its own action succeeded, instead of the match. */
export interface TokenMatchOutcome {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The link back to the ladder: its words and look. */
  ladderLink: string;
  ladderLinkVariant?: "default" | "outline";
  tone?: "default" | "success";
}

/** A token page: the gate's states, then the pending match's card, or `outcome` once the page's action succeeded. */
export function TokenMatchPage({ token, outcome, ...card }: TokenMatchCardProps & { token: string; outcome?: TokenMatchOutcome }) {
  const settled = outcome ? (
    <StatusCard tone={outcome.tone} icon={<outcome.icon className="size-10" aria-hidden="true" />} title={outcome.title}>
      <CardDescription>{outcome.text}</CardDescription>
      <Link href="/ladder" className={buttonVariants({ variant: outcome.ladderLinkVariant })}>
        {outcome.ladderLink}
      </Link>
    </StatusCard>
  ) : undefined;
  return (
    <TokenMatchGate token={token} settled={settled}>
      {(match) => <TokenMatchCard match={match} {...card} />}
    </TokenMatchGate>
  );
}
