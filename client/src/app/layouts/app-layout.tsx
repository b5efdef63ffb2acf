import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import {
  History,
  LogOut,
  Menu,
  ShieldCheck,
  Swords,
  Trophy,
  UserRound,
  CalendarClock,
  type LucideIcon,
} from "lucide-react";
import type { CurrentUser } from "@shared/api";
import { BrandLink, SkipLink } from "@/app/brand";
import { Avatar } from "@/components/ui/avatar";
import { ClampedText } from "@/components/ui/clamped-text";
import { useLogout, useUser } from "@/lib/auth";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useWaitingWork } from "@/features/notifications/api/get-waiting-work";
import { notificationKeys } from "@/features/notifications/api/keys";
import type { WaitingWork } from "@shared/types/notifications";
import { useLiveUpdates } from "@/features/notifications/api/live-updates";
import { ClubBreakBanner } from "@/features/club/components/club-break-banner";
import { OfflineBanner } from "@/app/offline-banner";
import { preloadable } from "@/lib/preloadable";
import { cn } from "@/lib/utils";

const MobileMenu = preloadable(() => import("./mobile-menu"));
const preloadMobileMenu = () => void MobileMenu.preload();

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The sidebar's links, in this order (docs/product.md, "Navigation and guards"). */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/ladder", label: "Ladder Rankings", icon: Trophy },
  { href: "/challenge-teams", label: "Challenge Teams", icon: Swords },
  { href: "/challenges", label: "My Challenges", icon: CalendarClock },
  { href: "/history", label: "Match History", icon: History },
  { href: "/profile", label: "My Profile", icon: UserRound },
  { href: "/admin", label: "Admin Panel", icon: ShieldCheck, adminOnly: true },
];

/** What waits for the member behind a menu link (docs/product.md, "Notification centre"). */
const WAITING_AT: Record<string, (w: WaitingWork) => number> = {
  "/challenges": (w) => w.incomingChallenges + w.resultsToApprove,
  "/admin": (w) => (w.registrations ?? 0) + (w.disputes ?? 0),
};

const waitingTotal = (w: WaitingWork | undefined) => (w ? Object.values(WAITING_AT).reduce((n, count) => n + count(w), 0) : 0);

const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

function WaitingBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      data-testid="waiting-count"
      className={cn("min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-[11px] leading-5 font-bold text-slate-900 tabular-nums", className)}
      aria-hidden="true"
    >
      {badgeText(count)}
    </span>
  );
}

/**
 * The bell's count and the menu's waiting counts are read when the layout loads; any change the
 * member makes (a mutation that succeeds) may change them, so every ["notifications"] query is
 * read again after it.
 */
function useRefreshAfterChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }),
    [queryClient],
  );
}

function isActive(location: string, href: string) {
  return location === href || location.startsWith(`${href}/`);
}

function SidebarContent({ user, onNavigate }: { user: CurrentUser | null | undefined; onNavigate?: () => void }) {
  const [location] = useLocation();
  const logout = useLogout();
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user?.isAdmin);
  const waiting = useWaitingWork(Boolean(user)).data;
  const idPrefix = useId();

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center justify-between gap-1 pr-2 pl-5">
        <BrandLink className="whitespace-nowrap text-white focus-visible:outline-white" onNavigate={onNavigate} />
        {/* The phone header has its own bell: this one is the desktop sidebar's. */}
        {!onNavigate && <NotificationBell />}
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {items.map(({ href, label, icon: Icon }) => {
            const active = isActive(location, href);
            const count = waiting ? (WAITING_AT[href]?.(waiting) ?? 0) : 0;
            // The link's name stays its label; the count is its description.
            const countId = `${idPrefix}${href.slice(1)}-waiting`;
            return (
              <li key={href}>
                {count > 0 && (
                  <span id={countId} className="sr-only">
                    {count} waiting for you
                  </span>
                )}
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  aria-describedby={count > 0 ? countId : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-300",
                    active ? "bg-primary text-white shadow-sm" : "text-sidebar-foreground hover:bg-white/10 hover:text-white",
                  )}
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                  {count > 0 && <WaitingBadge count={count} className="ml-auto" />}
                </Link>
              </li>
            );
          })}
          <li className="mt-2 border-t border-white/10 pt-2">
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-sidebar-foreground transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-300 disabled:opacity-60"
            >
              <LogOut className="size-5 shrink-0" aria-hidden="true" />
              {logout.isPending ? "Logging out…" : "Logout"}
            </button>
          </li>
        </ul>
      </nav>
      {user && (
        <div className="flex shrink-0 items-center gap-3 border-t border-white/10 px-5 py-4">
          <Avatar name={user.name} src={user.avatar} size="md" className="bg-teal-900 text-teal-50" />
          <div className="min-w-0">
            <ClampedText as="p" lines={1} className="text-sm font-semibold text-white">
              {user.name}
            </ClampedText>
            <ClampedText as="p" lines={1} className="text-xs text-sidebar-muted">
              {user.isAdmin && !user.teamName ? "Administrator" : (user.teamName ?? "No team")}
            </ClampedText>
          </div>
        </div>
      )}
    </div>
  );
}

/** The signed-in layout: a fixed sidebar from 768 px, a top bar with a drawer menu below. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  useRefreshAfterChanges();
  const waiting = waitingTotal(useWaitingWork(Boolean(user)).data);
  // While signed in, the server tells this tab what changed (the bell, My Challenges, the ladder…).
  useLiveUpdates(Boolean(user));
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer is mounted the first time the menu opens, then stays mounted (see mobile-menu.tsx).
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const open = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };
  const close = () => setMenuOpen(false);

  return (
    <div className="min-h-dvh">
      <SkipLink />

      {/* Desktop sidebar */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 md:block">
        <SidebarContent user={user} />
      </aside>

      {/* Phone top bar + drawer */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between bg-sidebar px-4 text-white shadow-sm md:hidden">
        <BrandLink className="text-base text-white focus-visible:outline-white" />
        <div className="flex items-center gap-1">
          <NotificationBell />
          <button
            ref={menuButton}
            type="button"
            onClick={open}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            data-state={menuOpen ? "open" : "closed"}
            className="relative inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            // The badge's number is part of the name (its visible text must be: WCAG 2.5.3).
            aria-label={waiting > 0 ? `Open menu, ${badgeText(waiting)} waiting for you` : "Open menu"}
          >
            <Menu className="size-6" aria-hidden="true" />
            {waiting > 0 && <WaitingBadge count={waiting} className="absolute -top-0.5 -right-0.5" />}
          </button>
        </div>
      </header>
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} open={menuOpen} onOpenChange={setMenuOpen} returnFocus={menuButton}>
            <SidebarContent user={user} onNavigate={close} />
          </MobileMenu>
        </Suspense>
      )}

      <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none md:pl-64">
        <OfflineBanner />
        <ClubBreakBanner />
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-8 lg:px-8">{children}</div>
      </main>
    </div>
  );
}

export default AppLayout;
