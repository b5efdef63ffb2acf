// The routes that do not declare their answer schema yet (route({ response })): this list can only
// shrink. server/lib/openapi.test.ts fails when a listed route now declares one (take it off) or a
// route not listed declares none (declare it).
export const ALLOWED_WITHOUT_ANSWER: readonly string[] = [
  "DELETE /api/settings/club-breaks/:id",
  "GET /api/admin/pending-users",
  "GET /api/admin/rating-model",
  "GET /api/challenges/:id/calendar.ics",
  "GET /api/settings/club-break",
  "GET /api/settings/club-breaks",
  "GET /api/settings/club-rules",
  "GET /api/settings/header-image",
  "GET /api/settings/public-ladder",
  "GET /api/users",
  "POST /api/admin/approve-user/:id",
  "POST /api/admin/rating-model",
  "POST /api/admin/reject-user/:id",
  "POST /api/settings/club-breaks",
  "POST /api/settings/club-rules",
  "POST /api/settings/header-image",
  "POST /api/settings/public-ladder",
  "PUT /api/user/availability",
];
