// Web push (docs/product.md, "Push notifications"; docs/decisions/035-web-push.md).

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export interface PushPublicKey {
  publicKey: string;
}

/** POST/DELETE /api/push/subscriptions. */
export interface PushSubscriptionResult {
  subscribed: boolean;
}

/**
 * What a push message carries (JSON, encrypted to the device): the member's own notification —
 * its text and the app path where they act — and the app's name. Nothing else.
 */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}
