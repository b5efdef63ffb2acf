// iCalendar files read back with ical.js (a maintained RFC 5545 parser), so tests check what
// calendar apps will read, not our own idea of the format.
import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  location: string;
  description: string;
  url: string | null;
  start: Date;
  end: Date;
  dtstamp: Date;
}

export interface ParsedCalendar {
  name: string | null;
  events: ParsedEvent[];
}

/**
 * Parses an .ics text; throws when ical.js cannot, when a line is longer than 75 octets or not
 * CRLF-ended, or when a required property (VERSION, PRODID; UID, DTSTAMP, DTSTART) is missing.
 */
export function parseIcs(text: string): ParsedCalendar {
  if (!text.endsWith("\r\n")) throw new Error("an iCalendar stream ends with CRLF");
  for (const line of text.slice(0, -2).split("\r\n")) {
    if (Buffer.byteLength(line) > 75) throw new Error(`line over 75 octets: ${line}`);
    if (line.includes("\n") || line.includes("\r")) throw new Error("bare CR or LF inside a line");
  }
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== "vcalendar") throw new Error(`not a VCALENDAR: ${root.name}`);
  for (const prop of ["version", "prodid"]) if (!root.hasProperty(prop)) throw new Error(`VCALENDAR without ${prop.toUpperCase()}`);
  if (root.getFirstPropertyValue("version") !== "2.0") throw new Error("VERSION is not 2.0");
  const events = root.getAllSubcomponents("vevent").map((v) => {
    for (const prop of ["uid", "dtstamp", "dtstart"]) if (!v.hasProperty(prop)) throw new Error(`VEVENT without ${prop.toUpperCase()}`);
    const e = new ICAL.Event(v);
    const text = (name: string) => {
      const value = v.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : String(value);
    };
    return {
      uid: e.uid,
      sequence: e.sequence,
      status: text("status"),
      summary: e.summary,
      location: e.location,
      description: e.description,
      url: text("url"),
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      dtstamp: (v.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate(),
    };
  });
  const name = root.getFirstPropertyValue("x-wr-calname");
  return { name: name === null ? null : String(name), events };
}
