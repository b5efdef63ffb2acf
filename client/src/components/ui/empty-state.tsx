import type { ReactNode } from "react";
import { Inbox, type LucideIcon } from "lucide-react";
import { StatePanel } from "./state-panel";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon: Icon = Inbox, action, className }: EmptyStateProps) {
  return <StatePanel tone="empty" icon={Icon} title={title} description={description} action={action} className={className} />;
}
