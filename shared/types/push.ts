// Web push (docs/product.md, "Push notifications"; docs/decisions/035-web-push.md): the answers' zod
// schemas, declared by the routes as `response` (docs/decisions/033-api-reference-from-zod.md), their types,
// and what a push message carries.
import { z } from "zod";

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST/DELETE /api/push/subscriptions. */
export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

/**
 * What a push message carries (JSON, encrypted to the device): the member's own notification —
 * its text and the app path where they act — and the app's name. Nothing else.
 */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}
