// Every feature module's routes, mounted under /api by createApp in this order.
import type { Router } from "express";
import type { AppDeps } from "../deps";
import { accountsRoutes } from "./accounts/accounts.routes";
import { teamsRoutes } from "./teams/teams.routes";
import { ladderRoutes } from "./ladder/ladder.routes";
import { challengesRoutes } from "./challenges/challenges.routes";
import { matchesRoutes } from "./matches/matches.routes";
import { disputesRoutes } from "./disputes/disputes.routes";
import { adminRoutes } from "./admin/admin.routes";
import { settingsRoutes } from "./settings/settings.routes";
import { notificationsRoutes } from "./notifications/notifications.routes";
import { waitingRoutes } from "./waiting/waiting.routes";
import { calendarRoutes } from "./calendar/calendar.routes";
import { availabilityRoutes } from "./availability/availability.routes";
import { eventsRoutes } from "./events/events.routes";
import { clockRoutes } from "./clock/clock.routes";
import { seasonsRoutes } from "./seasons/seasons.routes";
import { pushRoutes } from "./notifications/push.routes";

export type ModuleRoutes = (deps: AppDeps) => Router;

export const featureRoutes: ModuleRoutes[] = [
  accountsRoutes, teamsRoutes, ladderRoutes, challengesRoutes, matchesRoutes, disputesRoutes, adminRoutes, settingsRoutes, notificationsRoutes,
  waitingRoutes,
  calendarRoutes,
  availabilityRoutes,
  eventsRoutes,
  clockRoutes,
  seasonsRoutes,
  pushRoutes,
];
