// The rating engine's settings in force (docs/product.md, "How good are the ratings?"): one
// system_settings row (RATING_MODEL_SETTING, JSON); no row, or one that does not parse, means the
// defaults. Read inside the transaction that applies a result, after its team rows are locked, so a
// switch of model (which locks every team row) and a confirmation never mix two models.
import { eq } from "drizzle-orm";
import { systemSettings } from "@shared/schema";
import { RATING_MODEL_SETTING } from "@shared/constants";
import { DEFAULT_RATING_SETTINGS, type RatingSettings } from "@shared/rating";
import { ratingSettingsSchema } from "@shared/validators/ratings";
import type { DbOrTx } from "../../db/client";

export async function loadRatingSettings(db: DbOrTx): Promise<RatingSettings> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.setting, RATING_MODEL_SETTING))
    .limit(1);
  if (!row?.value) return { ...DEFAULT_RATING_SETTINGS };
  try {
    const parsed = ratingSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : { ...DEFAULT_RATING_SETTINGS };
  } catch {
    return { ...DEFAULT_RATING_SETTINGS };
  }
}

export async function storeRatingSettings(db: DbOrTx, settings: RatingSettings, userId: number | null): Promise<void> {
  const value = JSON.stringify(ratingSettingsSchema.parse(settings));
  const now = new Date();
  await db
    .insert(systemSettings)
    .values({ setting: RATING_MODEL_SETTING, value, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({ target: systemSettings.setting, set: { value, updatedAt: now, updatedBy: userId } });
}
