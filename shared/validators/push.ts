// Inputs of the web push endpoints (docs/product.md, "Push notifications").
import { z } from "zod";
import { isHttpUrl, PUSH_ENDPOINT_MESSAGE, URL_MAX } from "./url";

const base64Url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((v) => decodedLength(v.replace(/=+$/, "")) === bytes, message);

/** Bytes a base64url text decodes to (no Buffer here: shared/ runs in the browser too). */
const decodedLength = (text: string) => (text.length % 4 === 1 ? -1 : Math.floor((text.length * 3) / 4));

/** The push service address: an http(s) URL here; the server's rule for which hosts is isPushEndpoint. */
const endpointSchema = z.string({ error: PUSH_ENDPOINT_MESSAGE }).trim().max(URL_MAX, PUSH_ENDPOINT_MESSAGE).refine(isHttpUrl, PUSH_ENDPOINT_MESSAGE);

/** POST /api/push/subscriptions: the browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number({ error: "expirationTime must be a number or null." }).nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: base64Url(65, "keys.p256dh must be the browser's public key (65 bytes, base64url)."),
      auth: base64Url(16, "keys.auth must be the browser's auth secret (16 bytes, base64url)."),
    },
    { error: "keys must hold p256dh and auth." },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: this device's subscription, by its endpoint. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: endpointSchema });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;
