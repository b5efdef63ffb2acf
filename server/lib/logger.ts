import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** Paths of emailed links carry secrets: keep them out of every log line. */
const TOKEN_PATH = /(\/(?:token|confirm|dispute|reset-password|accept-invite|verify-email|invite)\/)[^/?#]+/gi;

export function redactPath(url: string): string {
  const noQuery = url.split("?")[0] ?? url;
  return noQuery.replace(TOKEN_PATH, "$1[redacted]");
}

/** A pino logger; `destination` (default: stdout) lets tests read what the app logs. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}
