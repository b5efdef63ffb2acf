// The bell in the sidebar and the phone header: a link to /notifications with the unread count.
import { Bell } from "lucide-react";
import { Link } from "wouter";
import { cn } from "@/lib/utils";
import { useUnreadNotificationCount } from "../api/get-notifications";

export function NotificationBell({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const unread = useUnreadNotificationCount();
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      onClick={onNavigate}
      aria-label={label}
      title={label}
      className={cn(
        "relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white",
        className,
      )}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums"
          aria-hidden="true"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
