// Team profile form, team deletion, list filters and the header image: one schema each, used by the
// client form (zodResolver) and the server route. The product's messages (docs/product.md, "Profile and admin messages") live here verbatim.
import { z } from "zod";
import { pageQuerySchema } from "../paging";
import { COMPETITION_TYPES, PREFERRED_SURFACES, SURFACES } from "../constants";
import { AVATAR_URL_MESSAGE, httpUrl, optionalHttpUrl } from "./url";

export const TEAM_NAME_MIN_MESSAGE = "Team name must be at least 2 characters";

/** Optional text: blank becomes null. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** The longest team bio and location the profile takes (the form's counters show them). */
export const TEAM_BIO_MAX = 1000;
export const TEAM_LOCATION_MAX = 200;

/** PUT /api/teams/{id}: strict, so privileged fields (rating, isApproved...) are refused, never written. */
export const updateTeamSchema = z.strictObject(
  {
    name: z
      .string({ error: TEAM_NAME_MIN_MESSAGE })
      .trim()
      .min(2, TEAM_NAME_MIN_MESSAGE)
      .max(100, "Team name must be at most 100 characters"),
    bio: optionalText(TEAM_BIO_MAX, "Bio"),
    location: optionalText(TEAM_LOCATION_MAX, "Location"),
    avatar: optionalHttpUrl(AVATAR_URL_MESSAGE),
    preferredCourtSurface: z.enum(PREFERRED_SURFACES, {
      error: "Preferred court surface must be grass, beach, hardcourt or clay",
    }).optional(),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown field: ${iss.keys.join(", ")}` : undefined) },
);
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;
export type UpdateTeamData = z.output<typeof updateTeamSchema>;

/** DELETE /api/teams/{id}: an optional reason. */
export const deleteTeamSchema = z.strictObject({
  reason: z
    .string({ error: "Reason must be text" })
    .trim()
    .max(500, "Reason must be at most 500 characters")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
});
export type DeleteTeamInput = z.input<typeof deleteTeamSchema>;

const boolParam = z
  .enum(["true", "false", "1", "0"], { error: "includeDeleted must be true or false" })
  .transform((v) => v === "true" || v === "1");

export const TEAMS_LIMIT_MAX = 500;
export const TEAMS_LIMIT_DEFAULT = 200;

/** GET /api/teams filters. */
export const teamsQuerySchema = pageQuerySchema({ defaultLimit: TEAMS_LIMIT_DEFAULT, maxLimit: TEAMS_LIMIT_MAX }).extend({
  competitionType: z
    .enum([...COMPETITION_TYPES, "all"], { error: "Unknown competition category" })
    .optional()
    .transform((v) => (v === "all" ? undefined : v)),
  surface: z
    .enum([...SURFACES, "all"], { error: "Surface must be grass, beach or hardcourt" })
    .optional()
    .transform((v) => (v === "all" ? undefined : v)),
  includeDeleted: boolParam.optional(),
});

export const USERS_LIMIT_MAX = 200;
export const USERS_LIMIT_DEFAULT = 50;

/** GET /api/users paging and filters. */
export const usersQuerySchema = pageQuerySchema({ defaultLimit: USERS_LIMIT_DEFAULT, maxLimit: USERS_LIMIT_MAX }).extend({
  teamId: z.coerce.number({ error: "teamId must be a number" }).int().positive().max(2_147_483_647).optional(),
});

export const HEADER_IMAGE_URL_MESSAGE = "Please enter a valid http or https image URL";

/** POST /api/settings/header-image (admin). */
export const headerImageSchema = z.strictObject({ url: httpUrl(HEADER_IMAGE_URL_MESSAGE) });
export type HeaderImageInput = z.infer<typeof headerImageSchema>;

/** POST /api/settings/public-ladder: the admin turns the signed-out ladder on or off. */
export const publicLadderSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
});
export type PublicLadderInput = z.infer<typeof publicLadderSchema>;
