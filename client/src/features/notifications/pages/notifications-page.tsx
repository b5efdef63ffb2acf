// /notifications: the member's notifications, newest first, a page at a time. Each shows its text,
// when (relative; the exact time on hover and focus) and whether it is read; opening one marks it
// read and goes where the member acts. "Mark all as read".
import { useState } from "react";
import { useLocation } from "wouter";
import { Bell } from "lucide-react";
import type { NotificationItem } from "@shared/types/notifications";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatRelative } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useNotifications } from "../api/get-notifications";
import { useMarkNotificationsRead } from "../api/mark-read";

function Row({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = item.readAt === null;
  return (
    <li>
      <a
        href={item.link}
        onClick={(e) => {
          e.preventDefault();
          onOpen(item);
        }}
        className={cn(
          "flex items-start gap-3 px-4 py-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary",
          unread && "bg-primary-soft/40",
        )}
      >
        <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={cn("block break-words text-sm", unread ? "font-semibold" : "text-muted-foreground")}>{item.text}</span>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
              {formatRelative(item.createdAt)}
            </time>
            <span className="sr-only">{unread ? ", unread" : ", read"}</span>
          </span>
        </span>
      </a>
    </li>
  );
}

export default function NotificationsPage() {
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markRead = useMarkNotificationsRead();
  const items = list.data?.items ?? [];
  const unread = list.data?.unreadCount ?? 0;

  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    navigate(item.link);
  };

  return (
    <div>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? "You are all caught up." : `${unread} unread`}
        actions={
          <Button
            variant="outline"
            disabled={unread === 0 || markRead.isPending}
            onClick={() =>
              markRead.mutate(
                { all: true },
                { onError: (err) => toast({ variant: "destructive", title: "Could Not Mark as Read", description: errorMessage(err) }) },
              )
            }
          >
            Mark all as read
          </Button>
        }
      />
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <QueryErrorState query={list} message="Failed to load notifications" />
      ) : items.length === 0 ? (
        <EmptyState icon={Bell} title="No notifications yet" description="Challenges, results and decisions about your account will show up here." />
      ) : (
        <Card className="overflow-hidden">
          {/* Rows run edge to edge (CardContent's padding is responsive: sm: too). */}
          <CardContent className="p-0 sm:p-0">
            <ul className="divide-y divide-border" aria-label="Notifications">
              {items.map((item) => (
                <Row key={item.id} item={item} onOpen={open} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {list.data && (
        <div className="mt-4">
          <Pager of={list.data} onPageChange={setPage} label="Notification pages" />
        </div>
      )}
    </div>
  );
}
