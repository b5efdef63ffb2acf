import type { RequestHandler } from "express";
import helmet from "helmet";
import { AppError } from "../lib/app-error";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * helmet with a CSP fit for the built SPA: only our own scripts, no framing, no plugins. (Running
 * helmet once at start and replaying its header writes saved nothing measurable: docs/performance.md,
 * "Library patches, measured".)
 */
export function securityHeaders(appUrl: string): RequestHandler {
  return helmetFor(appUrl);
}

function helmetFor(appUrl: string) {
  const https = appUrl.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:", "http:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        // The app's own service worker (/sw.js) and web app manifest (docs/decisions/034).
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
  });
}

/**
 * The API reference page's own CSP (GET /api/docs, docs/decisions/037-api-reference-page.md): tighter
 * than the app's, since the page is only Swagger UI. Scripts and styles are files of this origin
 * (Swagger UI sets its inline styles through the DOM, which style-src does not govern); images are
 * its own icons (data: URIs in its stylesheet) and our favicon; it calls this origin only (the
 * document, and "Try it out"); nothing else may load, frame it, or be submitted.
 */
export function apiDocsContentSecurityPolicy(appUrl: string): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
    ...(appUrl.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/**
 * The one-click unsubscribe POST (RFC 8058) comes from mail providers and web mail pages, as a form,
 * from anywhere: the signed token in its path is its only authority, and all it can do is turn one
 * category of mail off (docs/decisions/026-notification-preferences-and-unsubscribe.md).
 */
export const ONE_CLICK_PATH = /^\/unsubscribe\/[^/]+$/;

/**
 * CSRF defence for the API: mutating calls must be JSON (a cross-site form cannot send that without
 * a preflight we never grant) and must not come from another site. `exempt`: paths (under /api)
 * left to their route, which checks its own body (the one-click unsubscribe).
 */
export function csrfGuard(allowedOrigins: string[], exempt?: RegExp): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, _res, next) => {
    if (!MUTATING.has(req.method)) return next();
    if (exempt && req.method === "POST" && exempt.test(req.path)) return next();
    const site = req.get("sec-fetch-site");
    if (site === "cross-site") {
      return next(new AppError(403, "Cross-site requests are not allowed.", { code: "cross_site" }));
    }
    const origin = req.get("origin");
    if (origin && origin !== "null" && !allowed.has(origin) && site !== "same-origin") {
      return next(new AppError(403, "Cross-site requests are not allowed.", { code: "cross_site" }));
    }
    if (origin === "null") {
      return next(new AppError(403, "Cross-site requests are not allowed.", { code: "cross_site" }));
    }
    const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
    const type = req.get("content-type");
    if ((hasBody || type) && !req.is("application/json")) {
      return next(new AppError(415, "Requests must be sent as application/json.", { code: "unsupported_media_type" }));
    }
    next();
  };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};
