// Product constants shared by client and server. No literals for these anywhere else.

export const DEFAULT_RATING = 1500;
export const K_FACTOR_NEW = 40;
export const K_FACTOR_ESTABLISHED = 24;
export const K_FACTOR_THRESHOLD_MATCHES = 10;
/**
 * A rating is provisional while the team has fewer than this many confirmed matches on that surface
 * (overall: in total); the ladder, profile and challenge list mark it (docs/product.md, "Provisional ratings").
 */
export const PROVISIONAL_MATCHES = 5;
/** The rating model's settings (docs/product.md, "How good are the ratings?"): one system_settings row, JSON; no row means the defaults. */
export const RATING_MODEL_SETTING = "rating_model";

export const SURFACES = ["grass", "beach", "hardcourt"] as const;
export type Surface = (typeof SURFACES)[number];

export const PREFERRED_SURFACES = ["grass", "beach", "hardcourt", "clay"] as const;
export type PreferredSurface = (typeof PREFERRED_SURFACES)[number];

export const COMPETITION_TYPES = ["Men's Doubles", "Women's Doubles", "Mixed Doubles"] as const;
export type CompetitionType = (typeof COMPETITION_TYPES)[number];

/** The location the client sends for each surface, and the title of its ladder table. */
export const SURFACE_LOCATIONS: Record<Surface, string> = {
  grass: "UBC grass",
  beach: "Jericho Beach",
  hardcourt: "Jericho Hardcourt",
};
export const SURFACE_LABELS: Record<Surface, string> = {
  grass: "Grass",
  beach: "Beach",
  hardcourt: "Hardcourt",
};
export const SURFACE_TABLE_TITLES: Record<Surface, string> = {
  grass: "Grass Court",
  beach: "Beach",
  hardcourt: "Hardcourt",
};
export const SURFACE_LADDER_TITLES: Record<Surface, string> = {
  grass: "UBC Grass Court Rankings",
  beach: "Jericho Beach Rankings",
  hardcourt: "Jericho Hardcourt Rankings",
};
export const DEFAULT_LOCATION = "UBC grass";

// Statuses: one name for each value. Code says CHALLENGE_STATUS.matchReported, never the string;
// the lists below (for zod enums and the schema's checks) are made from these objects.

/**
 * A challenge: pending → accepted | declined | canceled | expired; accepted → match_reported | canceled | expired;
 * match_reported → completed. `expired`: the answer window or the play-by date ran out (docs/product.md, "The challenge clock").
 */
export const CHALLENGE_STATUS = {
  pending: "pending",
  accepted: "accepted",
  declined: "declined",
  canceled: "canceled",
  matchReported: "match_reported",
  completed: "completed",
  expired: "expired",
} as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUS)[keyof typeof CHALLENGE_STATUS];
export const CHALLENGE_STATUSES = values(CHALLENGE_STATUS);
/**
 * A proposed time of a challenge (docs/product.md, "Proposed times"): open while the other side may
 * accept it; accepted once chosen; closed when the other side counter-proposed, another slot was
 * chosen, or the challenge ended; withdrawn when its proposer took a reschedule proposal back.
 */
export const SLOT_STATUS = { open: "open", accepted: "accepted", closed: "closed", withdrawn: "withdrawn" } as const;
export type SlotStatus = (typeof SLOT_STATUS)[keyof typeof SLOT_STATUS];
export const SLOT_STATUSES = values(SLOT_STATUS);
/** A proposal (the challenge's, a counter-proposal or a reschedule) holds 1 to this many slots. */
export const MAX_PROPOSED_SLOTS = 3;
/** Statuses that block a new challenge between the same pair of teams. */
export const ACTIVE_CHALLENGE_STATUSES = [CHALLENGE_STATUS.pending, CHALLENGE_STATUS.accepted] as const;
/** Statuses the My Challenges lists show by default (the challenge is still going on). */
export const OPEN_CHALLENGE_STATUSES = [...ACTIVE_CHALLENGE_STATUSES, CHALLENGE_STATUS.matchReported] as const;
/** Statuses of the My Challenges "Past" filter: the challenge is over. */
export const PAST_CHALLENGE_STATUSES = [
  CHALLENGE_STATUS.declined,
  CHALLENGE_STATUS.canceled,
  CHALLENGE_STATUS.expired,
  CHALLENGE_STATUS.completed,
] as const;

/** A match's result: reported → approved (ratings applied) | voided (by an admin's dispute ruling). */
export const MATCH_STATUS = { reported: "reported", approved: "approved", voided: "voided" } as const;
export type MatchStatus = (typeof MATCH_STATUS)[keyof typeof MATCH_STATUS];
export const MATCH_STATUSES = values(MATCH_STATUS);

/** The opponent's answer to a reported match. */
export const CONFIRMATION_STATUS = { pending: "pending", confirmed: "confirmed", disputed: "disputed" } as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUS)[keyof typeof CONFIRMATION_STATUS];
export const CONFIRMATION_STATUSES = values(CONFIRMATION_STATUS);

export const MATCH_TYPE = { challenge: "challenge", friendly: "friendly" } as const;
export type MatchType = (typeof MATCH_TYPE)[keyof typeof MATCH_TYPE];
export const MATCH_TYPES = values(MATCH_TYPE);

/** A mail of the outbox (server/mail/delivery.ts): queued → sending (claimed) → sent | queued again (retry) | failed. */
export const MAIL_STATUS = { queued: "queued", sending: "sending", sent: "sent", failed: "failed" } as const;
export type MailStatus = (typeof MAIL_STATUS)[keyof typeof MAIL_STATUS];
export const MAIL_STATUSES = values(MAIL_STATUS);
/** The statuses the worker claims from: queued ones that are due, and claims that ran out (a crashed worker's). */
export const DUE_MAIL_STATUSES = [MAIL_STATUS.queued, MAIL_STATUS.sending] as const;
/** The Mail delivery card counts the mails sent in this many last days (not since the club began). */
export const MAIL_SENT_WINDOW_DAYS = 7;

export const DISPUTE_STATUS = { pending: "pending", resolved: "resolved" } as const;
export type DisputeStatus = (typeof DISPUTE_STATUS)[keyof typeof DISPUTE_STATUS];
export const DISPUTE_STATUSES = values(DISPUTE_STATUS);
export const DISPUTE_OUTCOME = { uphold: "uphold", correct: "correct", void: "void" } as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOME)[keyof typeof DISPUTE_OUTCOME];
export const DISPUTE_OUTCOMES = values(DISPUTE_OUTCOME);

/** The values of a status object as a non-empty tuple (what z.enum and the schema's checks take). */
function values<T extends Record<string, string>>(statuses: T): [T[keyof T], ...T[keyof T][]] {
  return Object.values(statuses) as [T[keyof T], ...T[keyof T][]];
}

export const TOKEN_PURPOSES = [
  "email_verification",
  "password_reset",
  "partner_invite",
  "match_confirmation",
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const CHALLENGE_REACH = 3;
/** A team marks itself away for at most this many days at a time (docs/product.md, "Away"). */
export const AWAY_MAX_DAYS = 21;
/** Days without a confirmed match after which a team is inactive, when INACTIVITY_DAYS is unset (docs/product.md, "Activity"). */
export const DEFAULT_INACTIVITY_DAYS = 28;
export const SETS_MIN = 1;
export const SETS_MAX = 5;
export const SET_WINNING_SCORE = 3;

export const MATCH_HISTORY_PAGE_SIZE = 5;
/** The most matches (or disputes) one paged read returns (awaiting approval, pending disputes). */
export const MATCH_LIST_MAX_LIMIT = 50;
/** The notifications page's page size (GET /api/notifications' default limit). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const ADMIN_RECENT_MATCHES_LIMIT = 10;
export const NEW_PLAYERS_WINDOW_DAYS = 30;
export const CONTACT_NOTES_MAX = 200;
/** A captain's note when accepting or declining a challenge. */
export const RESPONSE_NOTE_MAX = CONTACT_NOTES_MAX;
export const DISPUTE_REASON_MIN = 10;
export const DISPUTE_REASON_MAX = 1000;

export const RESET_REDIRECT_MS = 3000;
export const REGISTRATION_TOAST_MS = 10_000;
export const PICTURE_CHECK_RETRY_MS = 1500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"] as const;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Time slots offered for a challenge: every 30 minutes from 06:00 to 22:30. */
export const TIME_SLOT_START_MINUTES = 6 * 60;
export const TIME_SLOT_END_MINUTES = 22 * 60 + 30;
export const TIME_SLOT_STEP_MINUTES = 30;

export const HEADER_IMAGE_SETTING = "header_image_url";
/**
 * Whether the surface ladders are readable signed out (docs/product.md#the-signed-out-ladder):
 * the system_settings row holds "on" or "off"; no row means on.
 */
export const PUBLIC_LADDER_SETTING = "public_ladder";

/**
 * Notification emails by category (docs/product.md, "Notification emails"). A member turns each
 * optional category on or off; `account` (verification, reset, approval, suspension, team removal…)
 * is always sent. In-app notifications are always kept, whatever the preference.
 */
export const EMAIL_CATEGORY = { challenges: "challenges", results: "results", reminders: "reminders", admin: "admin" } as const;
export type EmailCategory = (typeof EMAIL_CATEGORY)[keyof typeof EMAIL_CATEGORY];
export const EMAIL_CATEGORIES = values(EMAIL_CATEGORY);
/** The category of account and security mail: never turned off, never carries an unsubscribe link. */
export const ALWAYS_SENT = "account";
export type NotificationCategory = EmailCategory | typeof ALWAYS_SENT;
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; description: string }> = {
  challenges: { label: "Challenges", description: "A challenge received, accepted, declined or canceled; other times proposed; a match rescheduled." },
  results: { label: "Results", description: "A result reported, confirmed, auto-confirmed, disputed, withdrawn; a dispute resolved." },
  reminders: { label: "Reminders", description: "Reminders before a challenge's deadline." },
  admin: { label: "Admin news", description: "For admins: a dispute that needs a review." },
};

/**
 * Every event a member is told about, and its mail category: the one place that says which
 * preference a mail obeys (server/mail/outbox.ts). A new event must choose one here.
 */
export const EVENT_CATEGORY = {
  "challenge.received": EMAIL_CATEGORY.challenges,
  "challenge.accepted": EMAIL_CATEGORY.challenges,
  "challenge.declined": EMAIL_CATEGORY.challenges,
  "challenge.canceled": EMAIL_CATEGORY.challenges,
  "challenge.expired": EMAIL_CATEGORY.challenges,
  "challenge.countered": EMAIL_CATEGORY.challenges,
  "challenge.reschedule_proposed": EMAIL_CATEGORY.challenges,
  "challenge.rescheduled": EMAIL_CATEGORY.challenges,
  "challenge.reminder": EMAIL_CATEGORY.reminders,
  "result.reminder": EMAIL_CATEGORY.reminders,
  "approval.reminder": EMAIL_CATEGORY.reminders,
  "result.reported": EMAIL_CATEGORY.results,
  "result.confirmed": EMAIL_CATEGORY.results,
  "result.auto_confirmed": EMAIL_CATEGORY.results,
  "result.disputed": EMAIL_CATEGORY.results,
  "result.withdrawn": EMAIL_CATEGORY.results,
  "dispute.resolved": EMAIL_CATEGORY.results,
  "dispute.opened": EMAIL_CATEGORY.admin,
  "account.registration": ALWAYS_SENT,
  "account.verification": ALWAYS_SENT,
  "account.verified": ALWAYS_SENT,
  "account.approved": ALWAYS_SENT,
  "account.rejected": ALWAYS_SENT,
  "account.suspended": ALWAYS_SENT,
  "account.unsuspended": ALWAYS_SENT,
  "account.recovery": ALWAYS_SENT,
  "account.password_reset": ALWAYS_SENT,
  "account.admin_rights": ALWAYS_SENT,
  "team.deleted": ALWAYS_SENT,
  "team.restored": ALWAYS_SENT,
  "team.partner_joined": ALWAYS_SENT,
} as const satisfies Record<string, NotificationCategory>;
export type EventType = keyof typeof EVENT_CATEGORY;

/** Notifications older than this are removed by a job (docs/product.md, "Notification centre"). */
export const NOTIFICATION_RETENTION_DAYS = 180;
// Weekly availability (docs/product.md, "Weekly availability"): the days and parts of day a player
// can usually play, and the hours (club time, by a slot's start) each part covers.
export const WEEK_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const WEEK_DAY_LABELS: Record<WeekDay, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
export const DAY_PARTS = ["morning", "afternoon", "evening"] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const DAY_PART_LABELS: Record<DayPart, string> = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" };
/** Start times (minutes after midnight, club time) each part covers, and the time a suggestion proposes. */
export const DAY_PART_MINUTES: Record<DayPart, { from: number; until: number; suggest: number }> = {
  morning: { from: 6 * 60, until: 12 * 60, suggest: 10 * 60 },
  afternoon: { from: 12 * 60, until: 17 * 60, suggest: 14 * 60 },
  evening: { from: 17 * 60, until: 22 * 60 + 30 + 1, suggest: 18 * 60 },
};
/** How many slots the challenge form suggests, and how far ahead it looks (days). */
export const SUGGESTED_SLOTS = 3;
export const SUGGESTION_HORIZON_DAYS = 28;

/** The calendar feed: accepted matches from this many days back, and every upcoming one. */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** Challenge statuses that end an agreed match without it being played: the calendar shows the event as STATUS:CANCELLED. */
export const CALENDAR_CANCELLED_STATUSES: readonly ChallengeStatus[] = [CHALLENGE_STATUS.canceled, CHALLENGE_STATUS.expired];

/** The club rules of the challenge clock (docs/product.md, "Club rules"): one system_settings row, JSON. */
export const CLUB_RULES_SETTING = "club_rules";
/** The approval reminder goes out this long before a result is auto-confirmed. */
export const APPROVAL_REMINDER_HOURS = 24;
/** The play-by date is never earlier than the proposed match time plus this. */
export const PLAY_BY_AFTER_PROPOSED_DAYS = 2;
/** A withdrawn result leaves at least this long to report the right one before the play-by date. */
export const REPORT_AGAIN_DAYS = 2;

/**
 * The code of a refusal that says "your side already did exactly this" (a second Accept, a second
 * Approve: a double click, two tabs). The status stays the refusal's (409) and nothing changes
 * again; the client treats it as done. (Here, not in shared/api.ts: the client's first screen needs it
 * without the answer schemas, i.e. without zod.)
 */
export const ALREADY_DONE_CODE = "already_done";
