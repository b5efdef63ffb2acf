// Which push service addresses the server will POST to (decision 035, "Endpoint rule").
import { describe, expect, it } from "vitest";
import { isPushEndpoint } from "./url";

describe("isPushEndpoint", () => {
  it("takes the push services' https addresses", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGx1",
      "https://wns2-by3p.notify.windows.com/w/?token=x",
    ])
      expect(isPushEndpoint(ok), ok).toBe(true);
  });

  it("refuses plain http, other ports, IP literals, credentials and private names", () => {
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/x",
      "https://127.0.0.1/x",
      "https://10.0.0.5/x",
      "https://[::1]/x",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/x",
      "https://printer.local/x",
      "https://db.internal/x",
      "https://router.home.arpa/x",
      "https://intranet/x",
      "https://user:pass@push.example.com/x",
      "javascript:alert(1)",
    ])
      expect(isPushEndpoint(bad), bad).toBe(false);
  });

  it("takes the push services the operator named (PUSH_SERVICE_ORIGINS), those exact origins only", () => {
    const origins = ["http://127.0.0.1:41234", "https://push.club.internal:8443"];
    for (const ok of ["http://127.0.0.1:41234/notify/abc", "https://push.club.internal:8443/send/x"]) expect(isPushEndpoint(ok, { origins }), ok).toBe(true);
    for (const bad of [
      "http://127.0.0.1:41235/notify/abc",
      "https://127.0.0.1:41234/notify/abc",
      "http://localhost:41234/notify/abc",
      "http://user:pass@127.0.0.1:41234/notify/abc",
      "https://push.club.internal/send/x",
      "http://10.0.0.5/x",
    ])
      expect(isPushEndpoint(bad, { origins }), bad).toBe(false);
  });

  it("lets tests reach their local stand-in", () => {
    expect(isPushEndpoint("http://127.0.0.1:41234/notify/abc", { allowLocal: true })).toBe(true);
    expect(isPushEndpoint("javascript:alert(1)", { allowLocal: true })).toBe(false);
  });
});
