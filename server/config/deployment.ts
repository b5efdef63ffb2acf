// Settings that start fine but cannot work, found at start-up and while serving: each is logged
// once and listed in GET /api/ready's `problems`.
//
// The one that bites: an https APP_URL makes the session cookie Secure, and express-session only
// sets a Secure cookie on a request Express sees as https. Behind a TLS-terminating proxy the
// request reaches Node as http; Express takes the proxy's X-Forwarded-Proto only from a proxy it
// trusts (TRUST_PROXY hops). With TRUST_PROXY=0, or a proxy that does not send the header, every
// sign-in answers 200 and sets no cookie: nobody can stay signed in.
import type { Request } from "express";
import { servedOverHttps, type Env } from "./env";
import type { Logger } from "../lib/logger";

export const PROBLEMS = {
  httpsWithoutTrustedProxy:
    "APP_URL is https but TRUST_PROXY=0: behind a TLS proxy every request arrives as http, so the Secure session cookie is never set and nobody can sign in. Set TRUST_PROXY to the number of proxies in front of the server.",
  untrustedForwardedProto:
    "A proxy sends X-Forwarded-Proto: https but TRUST_PROXY=0, so Express ignores it: the Secure session cookie is not set. Set TRUST_PROXY to the number of proxies in front of the server.",
  plainHttpRequests:
    "APP_URL is https but requests reach the server as plain http (no X-Forwarded-Proto: https from a trusted proxy): the Secure session cookie is not set on them. Make the proxy send X-Forwarded-Proto, and TRUST_PROXY match the number of proxies.",
} as const;

/** Problems the settings alone show (logged at start-up by server/index.ts). */
export function configurationProblems(env: Pick<Env, "APP_URL" | "TRUST_PROXY">): string[] {
  const problems: string[] = [];
  if (servedOverHttps(env.APP_URL) && env.TRUST_PROXY === 0) problems.push(PROBLEMS.httpsWithoutTrustedProxy);
  return problems;
}

export class DeploymentCheck {
  private readonly seen = new Set<string>();
  private readonly secureCookie: boolean;

  constructor(
    private readonly env: Pick<Env, "APP_URL" | "TRUST_PROXY">,
    private readonly logger: Logger,
  ) {
    this.secureCookie = servedOverHttps(env.APP_URL);
  }

  /** What /api/ready lists: the settings' problems and those requests have shown. */
  get problems(): string[] {
    return [...new Set([...configurationProblems(this.env), ...this.seen])];
  }

  /**
   * Called for every request that reaches the sessions (the probes don't): one that Express sees
   * as http while the cookie must be Secure could never get its cookie.
   */
  observe(req: Request): void {
    if (!this.secureCookie || req.secure) return;
    const forwarded = (req.get("x-forwarded-proto") ?? "").split(",")[0]?.trim().toLowerCase();
    const problem = forwarded === "https" && this.env.TRUST_PROXY === 0 ? PROBLEMS.untrustedForwardedProto : PROBLEMS.plainHttpRequests;
    if (this.seen.has(problem)) return;
    this.seen.add(problem);
    this.logger.warn({ event: "config.insecure_request", path: req.path }, problem);
  }
}
