// One rule for every URL a person types (member and team avatars, the header image): an absolute
// http or https URL of at most URL_MAX characters. javascript:, data:, vbscript:, file:, relative
// and scheme-less addresses are refused, on the client form and on the server alike.
import { z } from "zod";

export const URL_MAX = 2000;
export const AVATAR_URL_MESSAGE = "Avatar must be an http or https image URL";
export const TEAM_AVATAR_URL_MESSAGE = "Team avatar must be an http or https image URL";
export const URL_TOO_LONG_MESSAGE = `The URL must be at most ${URL_MAX} characters`;

/** True for an absolute http(s) URL as typed: it must start with the scheme, and parse. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A required URL field. */
export const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(URL_MAX, URL_TOO_LONG_MESSAGE)
    .refine(isHttpUrl, message);

/** An optional URL field: missing, null or blank becomes null. */
export const optionalHttpUrl = (message: string) =>
  z
    .union([z.literal(""), httpUrl(message)], { error: message })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

export const PUSH_ENDPOINT_MESSAGE = "This browser's push service address is not allowed: it must be an https address of a public push service.";

/**
 * The push service address a browser hands over when it subscribes (docs/decisions/035-web-push.md).
 * The browser chooses it, but the member's request carries it, and the server then POSTs to it: so
 * only an https URL on the default port of a public DNS name — no IP literal, no single-label,
 * localhost, .local, .internal or .home.arpa name — which keeps the server from being pointed at
 * itself or the club's private network. `allowLocal` (tests only, where the stand-in push service
 * runs on 127.0.0.1 over http) lifts the rule; `origins` (PUSH_SERVICE_ORIGINS) lifts it for those
 * exact origins alone (no credentials in the URL).
 */
export function isPushEndpoint(value: string, o: { allowLocal?: boolean; origins?: readonly string[] } = {}): boolean {
  if (!isHttpUrl(value)) return false;
  if (o.allowLocal) return true;
  const url = new URL(value);
  const credentials = /^https?:\/\/[^/?#]*@/i.test(value);
  if (o.origins?.includes(url.origin) && !credentials) return true;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (url.protocol !== "https:" || url.port !== "" || credentials) return false;
  if (host.startsWith("[") || /^[\d.]+$/.test(host) || !host.includes(".")) return false;
  return !/(^|\.)(localhost|local|internal|home\.arpa|lan)$/.test(host);
}
