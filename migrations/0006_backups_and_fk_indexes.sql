CREATE TABLE "backup_runs" (
	"period" varchar(40) PRIMARY KEY NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"file" text,
	"bytes" bigint
);
--> statement-breakpoint
CREATE TABLE "data_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"actor_id" integer,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "data_operations_kind_check" CHECK (kind in ('restore', 'reset')),
	CONSTRAINT "data_operations_status_check" CHECK (status in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_operations" ADD CONSTRAINT "data_operations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_operations_one_running_uq" ON "data_operations" USING btree ((true)) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "data_operations_actor_idx" ON "data_operations" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "challenges_created_by_idx" ON "challenges" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "disputes_reporter_idx" ON "disputes" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "disputes_reporter_team_idx" ON "disputes" USING btree ("reporter_team_id");--> statement-breakpoint
CREATE INDEX "disputes_resolved_by_idx" ON "disputes" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "matches_winner_team_idx" ON "matches" USING btree ("winner_team_id");--> statement-breakpoint
CREATE INDEX "matches_player1_idx" ON "matches" USING btree ("player1_id");--> statement-breakpoint
CREATE INDEX "matches_player2_idx" ON "matches" USING btree ("player2_id");--> statement-breakpoint
CREATE INDEX "matches_winner_idx" ON "matches" USING btree ("winner_id");--> statement-breakpoint
CREATE INDEX "matches_approved_by_idx" ON "matches" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "matches_reported_by_idx" ON "matches" USING btree ("reported_by");--> statement-breakpoint
CREATE INDEX "matches_reported_by_team_idx" ON "matches" USING btree ("reported_by_team_id");--> statement-breakpoint
CREATE INDEX "system_settings_updated_by_idx" ON "system_settings" USING btree ("updated_by");