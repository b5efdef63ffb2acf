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
