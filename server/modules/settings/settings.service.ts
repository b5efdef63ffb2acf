// The club's settings (system_settings rows): the header image (read by everyone, set by admins)
// and whether the ladder is readable signed out (docs/product.md#the-signed-out-ladder).
import { eq } from "drizzle-orm";
import { systemSettings } from "@shared/schema";
import { HEADER_IMAGE_SETTING, PUBLIC_LADDER_SETTING } from "@shared/constants";
import type { HeaderImage, PublicLadder } from "@shared/types/teams";
import type { HeaderImageInput } from "@shared/validators/teams";
import type { DbOrTx } from "../../db/client";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";

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

export async function getHeaderImage(deps: TxDeps<"db">): Promise<HeaderImage> {
  return { url: await readSetting(deps.db, HEADER_IMAGE_SETTING) };
}

export async function setHeaderImage(
  deps: Deps<"db" | "logger">,
  input: HeaderImageInput & { actor: Pick<Actor, "id"> },
): Promise<HeaderImage> {
  await writeSetting(deps.db, HEADER_IMAGE_SETTING, input.url, input.actor.id);
  deps.logger.info({ event: "admin.header_image", adminId: input.actor.id }, "header image changed");
  return { url: input.url };
}

/**
 * Whether the surface ladders answer signed out: on unless an admin turned it off. Asked on every
 * signed-out ladder read, so it goes through the read cache (a write to system_settings empties it).
 */
export async function getPublicLadder(deps: Deps<"db" | "readCache">): Promise<PublicLadder> {
  return deps.readCache.get(`setting:${PUBLIC_LADDER_SETTING}`, async () => ({
    enabled: (await readSetting(deps.db, PUBLIC_LADDER_SETTING)) !== "off",
  }));
}

export async function setPublicLadder(
  deps: Deps<"db" | "logger">,
  input: { enabled: boolean; actor: Pick<Actor, "id"> },
): Promise<PublicLadder> {
  const { enabled, actor } = input;
  await writeSetting(deps.db, PUBLIC_LADDER_SETTING, enabled ? "on" : "off", actor.id);
  deps.logger.info({ event: "admin.public_ladder", adminId: actor.id, enabled }, "signed-out ladder turned " + (enabled ? "on" : "off"));
  return { enabled };
}
