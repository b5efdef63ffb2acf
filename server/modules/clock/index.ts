// The clock module's public face for other modules: the club rules in force, the deadlines a clock
// gets when it starts, the club break going on, and the pause hook (pauseOpenDeadlines).
export {
  answerWindow,
  approvalDeadline,
  clockDeadline,
  clubBreakAt,
  DAY_MS,
  HOUR_MS,
  loadClubRules,
  pauseOpenDeadlines,
  playByWindow,
  rescheduledPlayBy,
  unpauseOpenDeadlines,
  type ClockWindow,
  type Pause,
} from "./deadlines";
