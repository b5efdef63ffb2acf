CREATE TABLE "club_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_breaks_range_check" CHECK ("club_breaks"."ends_at" > "club_breaks"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "challenges" DROP CONSTRAINT "challenges_status_check";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "accept_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "play_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "answered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "answer_remind_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "answer_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "result_remind_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "result_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "approval_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "club_breaks" ADD CONSTRAINT "club_breaks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_breaks_ends_idx" ON "club_breaks" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "club_breaks_created_by_idx" ON "club_breaks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "challenges_pending_accept_by_idx" ON "challenges" USING btree ("accept_by") WHERE status in ('pending');--> statement-breakpoint
CREATE INDEX "challenges_accepted_play_by_idx" ON "challenges" USING btree ("play_by") WHERE status in ('accepted');--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_status_check" CHECK (status in ('pending', 'accepted', 'declined', 'canceled', 'match_reported', 'completed', 'expired'));--> statement-breakpoint
CREATE TRIGGER "club_breaks_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "club_breaks" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
-- Challenges already running when the clock arrives get a fresh clock from now, with the default
-- windows (72 hours to answer; 14 days to play, never before the proposed time + 2 days).
UPDATE "challenges" SET "accept_by" = now() + interval '72 hours' WHERE "status" = 'pending' AND "accept_by" IS NULL;--> statement-breakpoint
UPDATE "challenges" SET "play_by" = greatest(now() + interval '14 days', coalesce("proposed_date_time", now()) + interval '2 days') WHERE "status" = 'accepted' AND "play_by" IS NULL;
