import type { RequestHandler } from "express";
import { AppError } from "../lib/app-error";
import { servedOverHttps } from "../config/env";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Directives = Record<string, readonly string[]>;

/** A Content-Security-Policy header value: each directive with its sources, separated by "; ". */
export function contentSecurityPolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/**
 * The app's CSP, fit for the built SPA: only our own scripts, no framing, no plugins; over https,
 * everything it loads is upgraded to https.
 */
function appDirectives(https: boolean): Directives {
  return {
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
  };
}

/**
 * Every security header the app sends, for the site at `appUrl`: a fixed list, worked out once at
 * start (nothing in it depends on the request). What each is for: docs/security.md, "Security
 * headers"; why a list of our own rather than a middleware library:
 * docs/decisions/043-security-headers-one-fixed-set.md.
 */
export function securityHeaderSet(appUrl: string): ReadonlyArray<readonly [string, string]> {
  const https = servedOverHttps(appUrl);
  return [
    ["Content-Security-Policy", contentSecurityPolicy(appDirectives(https))],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "same-origin"],
    ...(https ? ([["Strict-Transport-Security", "max-age=15552000; includeSubDomains"]] as const) : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    // The old XSS auditor is off: it opened leaks of its own; the CSP is the defence.
    ["X-XSS-Protection", "0"],
  ];
}

/** Sets the app's security headers (securityHeaderSet) on every answer. */
export function securityHeaders(appUrl: string): RequestHandler {
  const headers = securityHeaderSet(appUrl);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The API reference page's own CSP (GET /api/docs, docs/decisions/037-api-reference-page.md): tighter
 * than the app's, since the page is only Swagger UI. Scripts and styles are files of this origin
 * (Swagger UI sets its inline styles through the DOM, which style-src does not govern); images are
 * its own icons (data: URIs in its stylesheet) and our favicon; it calls this origin only (the
 * document, and "Try it out"); nothing else may load, frame it, or be submitted.
 */
export function apiDocsContentSecurityPolicy(appUrl: string): string {
  return contentSecurityPolicy({
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
    ...(servedOverHttps(appUrl) ? { "upgrade-insecure-requests": [] } : {}),
  });
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
