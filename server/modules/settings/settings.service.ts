// The header image setting (system_settings row HEADER_IMAGE_SETTING): read by everyone, set by admins.
import { eq } from "drizzle-orm";
import { systemSettings } from "@shared/schema";
import { HEADER_IMAGE_SETTING } from "@shared/constants";
import type { HeaderImage } from "@shared/types/teams";
import type { DbOrTx } from "../../db/client";
import type { Logger } from "../../lib/logger";

export async function getHeaderImage(opts: { db: DbOrTx }): Promise<HeaderImage> {
  const [row] = await opts.db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.setting, HEADER_IMAGE_SETTING))
    .limit(1);
  return { url: row?.value ?? null };
}

export async function setHeaderImage(opts: { db: DbOrTx; logger: Logger; url: string; userId: number }): Promise<HeaderImage> {
  const now = new Date();
  await opts.db
    .insert(systemSettings)
    .values({ setting: HEADER_IMAGE_SETTING, value: opts.url, updatedAt: now, updatedBy: opts.userId })
    .onConflictDoUpdate({
      target: systemSettings.setting,
      set: { value: opts.url, updatedAt: now, updatedBy: opts.userId },
    });
  opts.logger.info({ event: "admin.header_image", adminId: opts.userId }, "header image changed");
  return { url: opts.url };
}
