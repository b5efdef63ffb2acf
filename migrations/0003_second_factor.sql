CREATE TABLE "mfa_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_mfa" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"enabled_at" timestamp (3) with time zone,
	"pending_secret" text,
	"pending_created_at" timestamp (3) with time zone,
	"last_used_step" bigint,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_hash_uq" ON "mfa_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
-- The session read joins user_mfa (a session's user carries whether they enrolled), so a change
-- empties the read cache like users and teams do (migration 0002).
CREATE TRIGGER "user_mfa_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_mfa" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
