// The club's settings (system_settings rows): the header image (read by everyone, set by admins)
// and whether the ladder is readable signed out (docs/product.md#the-signed-out-ladder).
import { eq } from "drizzle-orm";
import { systemSettings } from "@shared/schema";
import { HEADER_IMAGE_SETTING, PUBLIC_LADDER_SETTING } from "@shared/constants";
import type { HeaderImage, PublicLadder } from "@shared/types/teams";
import type { DbOrTx } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { ReadCache } from "../../lib/read-cache";

async function readSetting(db: DbOrTx, setting: string): Promise<string | null> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.setting, setting)).limit(1);
  return row?.value ?? null;
}

async function writeSetting(db: DbOrTx, setting: string, value: string, userId: number): Promise<void> {
  const now = new Date();
  await db
    .insert(systemSettings)
    .values({ setting, value, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({ target: systemSettings.setting, set: { value, updatedAt: now, updatedBy: userId } });
}

export async function getHeaderImage(opts: { db: DbOrTx }): Promise<HeaderImage> {
  return { url: await readSetting(opts.db, HEADER_IMAGE_SETTING) };
}

export async function setHeaderImage(opts: { db: DbOrTx; logger: Logger; url: string; userId: number }): Promise<HeaderImage> {
  await writeSetting(opts.db, HEADER_IMAGE_SETTING, opts.url, opts.userId);
  opts.logger.info({ event: "admin.header_image", adminId: opts.userId }, "header image changed");
  return { url: opts.url };
}

/**
 * Whether the surface ladders answer signed out: on unless an admin turned it off. Asked on every
 * signed-out ladder read, so it goes through the read cache (a write to system_settings empties it).
 */
export async function getPublicLadder(opts: { db: DbOrTx; cache: ReadCache }): Promise<PublicLadder> {
  return opts.cache.get(`setting:${PUBLIC_LADDER_SETTING}`, async () => ({
    enabled: (await readSetting(opts.db, PUBLIC_LADDER_SETTING)) !== "off",
  }));
}

export async function setPublicLadder(opts: { db: DbOrTx; logger: Logger; enabled: boolean; userId: number }): Promise<PublicLadder> {
  await writeSetting(opts.db, PUBLIC_LADDER_SETTING, opts.enabled ? "on" : "off", opts.userId);
  opts.logger.info({ event: "admin.public_ladder", adminId: opts.userId, enabled: opts.enabled }, "signed-out ladder turned " + (opts.enabled ? "on" : "off"));
  return { enabled: opts.enabled };
}
