CREATE TABLE "challenge_slot_answers" (
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"can_play" boolean NOT NULL,
	"answered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_slot_answers_slot_id_user_id_pk" PRIMARY KEY("slot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"location" text NOT NULL,
	"proposed_by_team_id" integer NOT NULL,
	"round" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_slots_status_check" CHECK (status in ('open', 'accepted', 'closed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "awaiting_team_id" integer;--> statement-breakpoint
ALTER TABLE "challenge_slot_answers" ADD CONSTRAINT "challenge_slot_answers_slot_id_challenge_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."challenge_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_slot_answers" ADD CONSTRAINT "challenge_slot_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_slots" ADD CONSTRAINT "challenge_slots_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_slots" ADD CONSTRAINT "challenge_slots_proposed_by_team_id_teams_id_fk" FOREIGN KEY ("proposed_by_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_slot_answers_user_idx" ON "challenge_slot_answers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_slots_round_time_uq" ON "challenge_slots" USING btree ("challenge_id","round","starts_at");--> statement-breakpoint
CREATE INDEX "challenge_slots_proposed_by_idx" ON "challenge_slots" USING btree ("proposed_by_team_id");--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_awaiting_team_id_teams_id_fk" FOREIGN KEY ("awaiting_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_awaiting_team_idx" ON "challenges" USING btree ("awaiting_team_id");--> statement-breakpoint
CREATE TRIGGER "challenge_slots_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "challenge_slots" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "challenge_slot_answers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "challenge_slot_answers" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
UPDATE "challenges" SET "awaiting_team_id" = "challenged_team_id" WHERE "status" = 'pending';--> statement-breakpoint
INSERT INTO "challenge_slots" ("challenge_id", "starts_at", "location", "proposed_by_team_id", "round", "status", "created_at")
  SELECT "id", "proposed_date_time", "location", "challenger_team_id", 1,
    CASE WHEN "status" = 'pending' THEN 'open' WHEN "status" IN ('accepted', 'match_reported', 'completed') THEN 'accepted' ELSE 'closed' END,
    "created_at"
  FROM "challenges" WHERE "proposed_date_time" IS NOT NULL;
