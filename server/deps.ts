import type { Database, Db } from "./db/client";
import type { Env } from "./config/env";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./mail/mailer";

/** What every route module and service is given: no globals. */
export interface AppDeps {
  database: Database;
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
}
