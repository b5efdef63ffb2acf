// What other modules may use of the calendar module: the one iCalendar writer.
export { buildCalendar, challengeUid, foldLine, icsDate, icsText, MATCH_DURATION_MINUTES, type ChallengeEvent } from "./calendar.ics";
