// The header image setting (system_settings row HEADER_IMAGE_SETTING): read by everyone, set by admins.
import { eq } from "drizzle-orm";
import { systemSettings } from "@shared/schema";
import { HEADER_IMAGE_SETTING } from "@shared/constants";
import type { HeaderImage } from "@shared/types/teams";
import type { HeaderImageInput } from "@shared/validators/teams";
import type { Deps, TxDeps } from "../../deps";
import type { Actor } from "../../auth/actor";

export async function getHeaderImage(deps: TxDeps<"db">): Promise<HeaderImage> {
  const [row] = await deps.db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.setting, HEADER_IMAGE_SETTING))
    .limit(1);
  return { url: row?.value ?? null };
}

export async function setHeaderImage(
  deps: Deps<"db" | "logger">,
  input: HeaderImageInput & { actor: Pick<Actor, "id"> },
): Promise<HeaderImage> {
  const now = new Date();
  const { url, actor } = input;
  await deps.db
    .insert(systemSettings)
    .values({ setting: HEADER_IMAGE_SETTING, value: url, updatedAt: now, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: systemSettings.setting,
      set: { value: url, updatedAt: now, updatedBy: actor.id },
    });
  deps.logger.info({ event: "admin.header_image", adminId: actor.id }, "header image changed");
  return { url };
}
