// The one iCalendar (RFC 5545) writer: the calendar feed (GET /api/calendar/{token}.ics) and the
// one-off "Add to calendar" file (GET /api/challenges/{id}/calendar.ics) both build their events
// here, so an event has the same UID, SEQUENCE and text in both (docs/product.md, "Calendar feed").
import { CALENDAR_CANCELLED_STATUSES, CALENDAR_FEED_PAST_DAYS, type ChallengeStatus } from "@shared/constants";

export const MATCH_DURATION_MINUTES = 90;

/** What an event shows of one challenge. */
export interface ChallengeEvent {
  challengeId: number;
  status: ChallengeStatus;
  startsAt: Date;
  location: string;
  /** The challenger's contact notes, and the accepting team's contact (responseNote). */
  notes: string | null;
  responseNote: string | null;
  challengerName: string;
  challengedName: string;
  /** challenges.schedule_version: raised by every change of the agreed time. */
  scheduleVersion: number;
  /** The challenge's last change: the event's DTSTAMP (so an unchanged feed is byte for byte the same). */
  updatedAt: Date;
}

/** The event's UID: one per challenge, the same in the feed and the one-off file, forever. */
export function challengeUid(challengeId: number, appUrl: string): string {
  const host = new URL(appUrl).hostname || "doubles-ladder";
  return `challenge-${challengeId}@${host}`;
}

/** The link to a challenge on My Challenges. */
export function challengeLink(challengeId: number, appUrl: string): string {
  return `${appUrl}/challenges#challenge-${challengeId}`;
}

export function isCancelled(status: ChallengeStatus): boolean {
  return CALENDAR_CANCELLED_STATUSES.includes(status);
}

/**
 * SEQUENCE: the schedule version, plus one once the match is called off (RFC 5545 asks a new
 * SEQUENCE when STATUS changes, so calendars that compare it take the cancellation).
 */
export function eventSequence(event: Pick<ChallengeEvent, "scheduleVersion" | "status">): number {
  return event.scheduleVersion + (isCancelled(event.status) ? 1 : 0);
}

function eventLines(event: ChallengeEvent, appUrl: string): string[] {
  const end = new Date(event.startsAt.getTime() + MATCH_DURATION_MINUTES * 60_000);
  const link = challengeLink(event.challengeId, appUrl);
  const contact = [`Contact: ${event.notes ?? ""}`];
  if (event.responseNote) contact.push(`Their contact: ${event.responseNote}`);
  const description = `${event.challengerName} vs ${event.challengedName}\n${contact.join("\n")}\n\nThe challenge: ${link}`;
  const cancelled = isCancelled(event.status);
  return [
    "BEGIN:VEVENT",
    `UID:${challengeUid(event.challengeId, appUrl)}`,
    `DTSTAMP:${icsDate(event.updatedAt)}`,
    `DTSTART:${icsDate(event.startsAt)}`,
    `DTEND:${icsDate(end)}`,
    `SEQUENCE:${eventSequence(event)}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${icsText(`${cancelled ? "Canceled: " : ""}Ladder challenge: ${event.challengerName} vs ${event.challengedName}`)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${link}`,
    "END:VEVENT",
  ];
}

export interface CalendarOptions {
  appUrl: string;
  /** The feed's name in calendar apps (X-WR-CALNAME); none for a one-off file. */
  name?: string;
  /** How often a subscribed calendar should look again (REFRESH-INTERVAL, RFC 7986), in minutes. */
  refreshMinutes?: number;
}

/** A VCALENDAR of the events, CRLF line ends, long lines folded. */
export function buildCalendar(events: readonly ChallengeEvent[], options: CalendarOptions): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//doubles-ladder//Challenges//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (options.name) lines.push(`X-WR-CALNAME:${icsText(options.name)}`, `NAME:${icsText(options.name)}`);
  if (options.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${options.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${options.refreshMinutes}M`);
  }
  for (const event of events) lines.push(...eventLines(event, options.appUrl));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** 20260614T173000Z */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded (CRLF + one space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // continuation lines start with a space
    }
    current += ch;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The first day (00:00 UTC) the feed still shows: CALENDAR_FEED_PAST_DAYS before today. */
export function feedWindowStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - CALENDAR_FEED_PAST_DAYS));
}

/** True when an If-None-Match header names this entity tag (weak or strong, or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
