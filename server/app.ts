// createApp builds the whole Express app without listening, so tests run it in-process.
import fs from "node:fs";
import path from "node:path";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { AppError } from "./lib/app-error";
import type { AppDeps } from "./deps";
import { useRequestContext } from "./middleware/request-context";
import { csrfGuard, noStore, ONE_CLICK_PATH, securityHeaders } from "./middleware/security";
import { rejectNulCharacters } from "./middleware/input-guard";
import { refuseWhileExclusive } from "./middleware/exclusive-use";
import { compressedAssets } from "./middleware/compressed-assets";
import { apiNotFound, errorHandler } from "./middleware/error-handler";
import { sessionMiddleware } from "./auth/session";
import { createPassport } from "./auth/passport";
import { systemRoutes } from "./modules/system/system.routes";
import { sessionRoutes } from "./modules/auth/auth.routes";
import { featureRoutes } from "./modules";
import { OPERATION_POLL_PATH } from "./modules/admin/data-operations";
import { DeploymentCheck } from "./config/deployment";
import { HEALTH_LOCAL } from "./db/health";
import { countMailByStatus } from "./modules/admin/admin.mail.service";
import { servedOverHttps } from "./config/env";

/** Files of the built SPA's root that are always revalidated: the service worker and the web app manifest. */
const ALWAYS_REVALIDATED = new Set(["sw.js", "manifest.webmanifest"]);

export interface CreateAppOptions {
  /** The built SPA (dist/public). Omitted: only the API is served. */
  staticDir?: string;
  /** Expired-session prune interval in minutes; false disables (tests). */
  sessionPruneMinutes?: number | false;
  /** Extra origins allowed to make mutating calls (the Vite dev server). */
  extraOrigins?: string[];
}

export interface App {
  app: Express;
  close(): void;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.env.TRUST_PROXY);
  app.set("etag", false);
  // The error handler notes write refusals (disk full…) here; /api/ready reports them (server/db/health.ts).
  app.locals[HEALTH_LOCAL] = deps.database.health;
  const deployment = new DeploymentCheck(deps.env, deps.logger);

  useRequestContext(app, deps.logger, deps.metrics);
  deps.metrics.watch({
    ...(deps.database.poolStats ? { pool: () => deps.database.poolStats?.() } : {}),
    // Not while a restore or reset holds the embedded database (the scrape would wait for it).
    outbox: async () => (deps.database.exclusive.current === undefined ? countMailByStatus(deps) : {}),
    eventStreams: () => deps.events.count(),
    readCache: () => deps.readCache.answers,
  });
  app.use(securityHeaders(deps.env.APP_URL));

  const api = express.Router();
  api.use(noStore);
  api.use(systemRoutes(deps, deployment));
  // A restore or reset holding the embedded database: answered at once, not kept waiting (server/db/exclusive.ts).
  api.use(refuseWhileExclusive(deps.database.exclusive, [OPERATION_POLL_PATH]));
  // The CSRF guard looks at headers only, so it answers before any body is read: a cross-site or
  // non-JSON call is refused without parsing what it sent.
  // The one-click unsubscribe (a form POST from a mail provider) checks its own body.
  api.use(csrfGuard([deps.env.APP_URL, ...(options.extraOrigins ?? [])], ONE_CLICK_PATH));
  api.use(rejectNulCharacters);
  // No body parser here: each route reads its body itself, after its guard, with its own limits
  // (server/lib/route.ts, docs/decisions/017-route-helper-body-after-guard.md).

  const sessions = sessionMiddleware({
    database: deps.database,
    readCache: deps.readCache,
    secret: deps.env.SESSION_SECRET,
    secureCookie: servedOverHttps(deps.env.APP_URL),
    pruneMinutes: options.sessionPruneMinutes ?? 15,
    deployment,
  });
  const passport = createPassport(deps);
  api.use(sessions.middleware);
  api.use(passport.initialize());
  api.use(passport.session());

  api.use(sessionRoutes(deps, passport));
  for (const routes of featureRoutes) api.use(routes(deps));
  api.use(apiNotFound);
  app.use("/api", api);

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, "index.html"))) {
    const indexHtml = path.join(options.staticDir, "index.html");
    // A missing asset is a plain 404 (not the SPA, and not send's unexposed error, which would be a 500).
    app.use(
      "/assets",
      compressedAssets(path.join(options.staticDir, "assets")),
      express.static(path.join(options.staticDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
      (_req: Request, _res: Response, next: NextFunction) => next(new AppError(404, "Not found.", { code: "not_found" })),
    );
    // The service worker and the manifest are checked for a new version on every visit: never
    // kept by an HTTP cache (docs/decisions/034-installable-app-and-offline-shell.md).
    app.use(
      express.static(options.staticDir, {
        index: false,
        maxAge: "1h",
        setHeaders: (res, file) => {
          if (ALWAYS_REVALIDATED.has(path.basename(file))) res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
    app.use((req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      res.setHeader("Cache-Control", "no-cache");
      res.sendFile(indexHtml);
    });
  }

  app.use(errorHandler);
  return { app, close: () => sessions.close() };
}
