// Every route of docs/product.md, "Navigation and guards" (with /rankings and /accept-invite/:token). Pages are lazy chunks;
// layouts are applied here, not in pages.
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { authPathFor, nextPathFromSearch } from "@/lib/next-path";
import type { CurrentUser } from "@shared/api";
import { ErrorState } from "@/components/ui/error-state";
import { PageSpinner } from "@/components/ui/spinner";
import { userQueryOptions, useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { preloadable, useChunkArrived, type Preloadable } from "@/lib/preloadable";
import { queryClient } from "@/lib/query-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PublicLayout } from "./layouts/public-layout";
import { NotFoundPage } from "./not-found";
import { OfflineBanner } from "./offline-banner";
import { publicLadderQueryOptions } from "@/features/ladder/api/get-public-ladder";

type Page = Preloadable<object>;

// The signed-in layout is its own chunk: the /auth screen never loads it.
const AppLayout = preloadable(() => import("./layouts/app-layout"));

const pages = {
  auth: preloadable(() => import("@/features/auth/pages/auth-page")),
  verifyEmail: preloadable(() => import("@/features/auth/pages/verify-email-page")),
  verificationPending: preloadable(() => import("@/features/auth/pages/email-verification-pending-page")),
  verifySuccess: preloadable(() => import("@/features/auth/pages/verify-success-page")),
  resetPassword: preloadable(() => import("@/features/auth/pages/reset-password-page")),
  acceptInvite: preloadable(() => import("@/features/auth/pages/accept-invite-page")),
  confirmMatch: preloadable(() => import("@/features/matches/pages/confirm-match-page")),
  disputeMatch: preloadable(() => import("@/features/matches/pages/dispute-match-page")),
  home: preloadable(() => import("@/features/ladder/pages/home-page")),
  ladder: preloadable(() => import("@/features/ladder/pages/ladder-page")),
  challengeTeams: preloadable(() => import("@/features/challenges/pages/challenge-teams-page")),
  myChallenges: preloadable(() => import("@/features/challenges/pages/my-challenges-page")),
  history: preloadable(() => import("@/features/matches/pages/history-page")),
  profile: preloadable(() => import("@/features/teams/pages/profile-page")),
  team: preloadable(() => import("@/features/teams/pages/team-page")),
  admin: preloadable(() => import("@/features/admin/pages/admin-page")),
  notifications: preloadable(() => import("@/features/notifications/pages/notifications-page")),
  seasons: preloadable(() => import("@/features/seasons/pages/seasons-page")),
  season: preloadable(() => import("@/features/seasons/pages/season-page")),
  unsubscribe: preloadable(() => import("@/features/notifications/pages/unsubscribe-page")),
};

interface RouteDef {
  path: string;
  title: string;
  page: Page;
  /** `public`: anyone, in the public layout (the emailed-link pages); `member`: signed in and verified (or admin), in the app layout. */
  access: "public" | "member";
}

/** Every page route, once (docs/product.md, "Navigation and guards"); /auth and the redirects are in AppRouter. */
const ROUTES: RouteDef[] = [
  { path: "/verify-email", title: "Verify your email", page: pages.verifyEmail, access: "public" },
  { path: "/verify-email/:token", title: "Verify your email", page: pages.verifyEmail, access: "public" },
  { path: "/email-verification-pending", title: "Check your email", page: pages.verificationPending, access: "public" },
  { path: "/verify-success", title: "Email Verified", page: pages.verifySuccess, access: "public" },
  { path: "/confirm-match/:token", title: "Confirm Match", page: pages.confirmMatch, access: "public" },
  { path: "/dispute-match/:token", title: "Dispute Match", page: pages.disputeMatch, access: "public" },
  { path: "/reset-password/:token", title: "Reset Password", page: pages.resetPassword, access: "public" },
  { path: "/accept-invite/:token", title: "Join your team", page: pages.acceptInvite, access: "public" },
  { path: "/unsubscribe/:token", title: "Unsubscribe", page: pages.unsubscribe, access: "public" },
  { path: "/", title: "Home", page: pages.home, access: "member" },
  { path: "/ladder", title: "Ladder Rankings", page: pages.ladder, access: "member" },
  { path: "/challenge-teams", title: "Challenge Teams", page: pages.challengeTeams, access: "member" },
  { path: "/challenges", title: "My Challenges", page: pages.myChallenges, access: "member" },
  { path: "/history", title: "Match History", page: pages.history, access: "member" },
  { path: "/profile", title: "My Profile", page: pages.profile, access: "member" },
  { path: "/teams/:id", title: "Team Profile", page: pages.team, access: "member" },
  { path: "/admin", title: "Admin Panel", page: pages.admin, access: "member" },
  { path: "/notifications", title: "Notifications", page: pages.notifications, access: "member" },
  { path: "/seasons", title: "Past Seasons", page: pages.seasons, access: "member" },
  { path: "/seasons/:id", title: "Season standings", page: pages.season, access: "member" },
];

const PUBLIC_ROUTES = ROUTES.filter((r) => r.access === "public");
export const PROTECTED_ROUTES = ROUTES.filter((r) => r.access === "member");

/** The pages a visitor may read signed out while the signed-out ladder is on: the ladder and the season archive. */
const SIGNED_OUT_LADDER_PATHS = ["/ladder", "/seasons", "/seasons/:id"];

function matches(pattern: string, path: string): boolean {
  const re = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}/?$`);
  return re.test(path);
}

const protectedRouteOf = (path: string): RouteDef | undefined => PROTECTED_ROUTES.find((r) => matches(r.path, path));

/**
 * Fetch the current URL's page chunk ahead of rendering, in parallel with the user query instead
 * of after it. Called once from main.tsx. A public page is fetched at once. On /auth and protected
 * paths the user query starts here too; on a protected path the signed-in layout and the page are
 * fetched alongside it, not once it answers (one round trip less before the page's header is
 * painted). A signed-out visitor sent on to /auth has then downloaded them for nothing: ~10 KB
 * gzip, since a page's heavy parts (the ladder's tables, the challenge lists) load after it renders.
 */
export function preloadRoute(path: string): void {
  const publicRoute = PUBLIC_ROUTES.find((r) => matches(r.path, path));
  if (publicRoute) {
    void publicRoute.page.preload();
    return;
  }
  void queryClient.prefetchQuery(userQueryOptions);
  if (path === "/auth") {
    void pages.auth.preload();
    return;
  }
  const protectedRoute = protectedRouteOf(path);
  if (protectedRoute) {
    void AppLayout.preload();
    void protectedRoute.page.preload();
  }
}

/** Signed in, and verified (or admin): otherwise ProtectedArea redirects. */
function mayEnterProtectedArea(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && (user.isEmailVerified || user.isAdmin));
}

/** Sets the route's document title; rendered before the page so a page may set a finer one. */
function RouteTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/** Until a page has mounted: this load of the app has not shown one yet. */
let firstPage = true;

/**
 * A route's page: the spinner until its chunk is in, then the page. The load's first page renders
 * in a transition after the layout's commit: React renders a transition in slices that yield to the
 * browser, where the layout and the page together were one long task on a phone.
 */
function PageSlot({ title, page: PageComponent }: { title: string; page: Page }) {
  const [first] = useState(() => firstPage);
  useEffect(() => {
    firstPage = false;
  }, []);
  const arrived = useChunkArrived(PageComponent, { inTransition: first });
  return (
    <>
      <RouteTitle title={title} />
      {arrived ? (
        <Suspense fallback={<PageSpinner />}>
          <PageComponent />
        </Suspense>
      ) : (
        !PageComponent.isLoaded() && <PageSpinner />
      )}
    </>
  );
}

function UserLoadError({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  return (
    <PublicLayout>
      <ErrorState
        className="mx-auto max-w-md"
        message="Could not reach the server"
        detail={errorMessage(error)}
        onRetry={retry}
        retrying={retrying}
      />
    </PublicLayout>
  );
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner />
      <div className="flex flex-1 items-center justify-center">
        <PageSpinner />
      </div>
    </div>
  );
}

function SignedInLayout({ children }: { children: ReactNode }) {
  if (!useChunkArrived(AppLayout)) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppLayout>{children}</AppLayout>
    </Suspense>
  );
}

/** /auth: signed-in users go to the page they came for (?next=, same-site paths only) or home. */
function AuthRoute() {
  const { data: user, isPending } = useUser();
  const search = useSearch();
  if (user) return <Redirect to={nextPathFromSearch(search)} replace />;
  if (isPending) return <FullPageSpinner />;
  return (
    <PublicLayout>
      <PageSlot title="Sign in" page={pages.auth} />
    </PublicLayout>
  );
}

/**
 * /ladder and the season archive (/seasons, /seasons/{id}) signed out: the page in the public layout while the signed-out ladder is on
 * (docs/product.md#the-signed-out-ladder); off (or the setting unreadable), /auth as for any
 * protected page.
 */
function SignedOutLadder({ route }: { route: RouteDef }) {
  const setting = useQuery(publicLadderQueryOptions);
  if (setting.isPending) return <FullPageSpinner />;
  if (!setting.data?.enabled) return <Redirect to="/auth" replace />;
  return (
    <PublicLayout>
      <Switch>
        <Route path={route.path}>
          <PageSlot title={route.title} page={route.page} />
        </Route>
      </Switch>
    </PublicLayout>
  );
}

/**
 * Protected pages and the 404 fallback. Kept under one route so AppLayout stays mounted while
 * moving between pages. Signed out → /auth; signed in but unverified (not admin) → /verify-email.
 */
function ProtectedArea() {
  const [location] = useLocation();
  const search = useSearch();
  const { data: user, isPending, error, refetch, isFetching } = useUser();
  const isProtected = protectedRouteOf(location) !== undefined;

  if (isPending) return <FullPageSpinner />;
  if (error && user === undefined) {
    return <UserLoadError error={error} retry={() => void refetch()} retrying={isFetching} />;
  }

  if (!isProtected) {
    if (!user) {
      return (
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      );
    }
    return (
      <SignedInLayout>
        <NotFoundPage />
      </SignedInLayout>
    );
  }

  const signedOutPage = SIGNED_OUT_LADDER_PATHS.find((p) => matches(p, location));
  if (!user && signedOutPage) return <SignedOutLadder route={protectedRouteOf(location)!} />;
  if (!user) return <Redirect to={authPathFor(`${location}${search ? `?${search}` : ""}`)} replace />;
  if (!mayEnterProtectedArea(user)) return <Redirect to="/verify-email" replace />;

  return (
    <SignedInLayout>
      <Switch>
        {PROTECTED_ROUTES.map(({ path, title, page }) => (
          <Route key={path} path={path}>
            <PageSlot title={title} page={page} />
          </Route>
        ))}
      </Switch>
    </SignedInLayout>
  );
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/rankings">
        <Redirect to="/ladder" replace />
      </Route>
      <Route path="/reset-password">
        <Redirect to="/auth" replace />
      </Route>
      <Route path="/auth" component={AuthRoute} />
      {PUBLIC_ROUTES.map(({ path, title, page }) => (
        <Route key={path} path={path}>
          <PublicLayout>
            <PageSlot title={title} page={page} />
          </PublicLayout>
        </Route>
      ))}
      <Route component={ProtectedArea} />
    </Switch>
  );
}
