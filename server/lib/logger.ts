import { pino, type Logger } from "pino";

export type { Logger };

/** Paths of emailed links carry secrets: keep them out of every log line. */
const TOKEN_PATH = /(\/(?:token|confirm|dispute|reset-password|accept-invite|verify-email|invite)\/)[^/?#]+/gi;

export function redactPath(url: string): string {
  const noQuery = url.split("?")[0] ?? url;
  return noQuery.replace(TOKEN_PATH, "$1[redacted]");
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "newPassword",
        "*.newPassword",
        "token",
        "*.token",
        "req.headers.cookie",
        "headers.cookie",
        "cookie",
      ],
      censor: "[redacted]",
    },
  });
}
