CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer,
	"match_id" integer,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_purpose_check" CHECK (purpose in ('email_verification', 'password_reset', 'partner_invite', 'match_confirmation'))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenger_team_id" integer NOT NULL,
	"challenged_team_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"location" text DEFAULT 'UBC grass' NOT NULL,
	"surface" text DEFAULT 'grass' NOT NULL,
	"competition_type" text DEFAULT 'Men''s Doubles' NOT NULL,
	"notes" text,
	"proposed_date_time" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_status_check" CHECK (status in ('pending', 'accepted', 'declined', 'canceled', 'match_reported', 'completed')),
	CONSTRAINT "challenges_surface_check" CHECK (surface in ('grass', 'beach', 'hardcourt')),
	CONSTRAINT "challenges_distinct_teams_check" CHECK ("challenges"."challenger_team_id" <> "challenges"."challenged_team_id")
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"reporter_id" integer,
	"reporter_team_id" integer,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"resolution_notes" text,
	"resolved_by" integer,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK (status in ('pending', 'resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK (outcome is null or outcome in ('uphold', 'void'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"team1_id" integer NOT NULL,
	"team2_id" integer NOT NULL,
	"winner_team_id" integer NOT NULL,
	"player1_id" integer,
	"player2_id" integer,
	"winner_id" integer,
	"challenge_id" integer,
	"match_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"location" text DEFAULT 'UBC grass' NOT NULL,
	"surface" text DEFAULT 'grass' NOT NULL,
	"score" text,
	"notes" text,
	"team1_prev_rating" integer,
	"team1_new_rating" integer,
	"team2_prev_rating" integer,
	"team2_new_rating" integer,
	"player1_prev_rating" integer,
	"player1_new_rating" integer,
	"player2_prev_rating" integer,
	"player2_new_rating" integer,
	"match_status" text DEFAULT 'reported' NOT NULL,
	"approval_deadline" timestamp (3) with time zone,
	"approved_by" integer,
	"approved_at" timestamp (3) with time zone,
	"confirmation_status" text DEFAULT 'pending' NOT NULL,
	"reported_by" integer,
	"reported_by_team_id" integer,
	"match_type" text DEFAULT 'challenge' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_check" CHECK (match_status in ('reported', 'approved', 'voided')),
	CONSTRAINT "matches_confirmation_check" CHECK (confirmation_status in ('pending', 'confirmed', 'disputed')),
	CONSTRAINT "matches_type_check" CHECK (match_type in ('challenge', 'friendly')),
	CONSTRAINT "matches_surface_check" CHECK (surface in ('grass', 'beach', 'hardcourt')),
	CONSTRAINT "matches_distinct_teams_check" CHECK ("matches"."team1_id" <> "matches"."team2_id"),
	CONSTRAINT "matches_winner_check" CHECK ("matches"."winner_team_id" in ("matches"."team1_id", "matches"."team2_id"))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting" varchar(100) NOT NULL,
	"value" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "system_settings_setting_unique" UNIQUE("setting")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"rating" integer DEFAULT 1500 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"grass_rating" integer DEFAULT 1500 NOT NULL,
	"beach_rating" integer DEFAULT 1500 NOT NULL,
	"hardcourt_rating" integer DEFAULT 1500 NOT NULL,
	"grass_wins" integer DEFAULT 0 NOT NULL,
	"grass_losses" integer DEFAULT 0 NOT NULL,
	"beach_wins" integer DEFAULT 0 NOT NULL,
	"beach_losses" integer DEFAULT 0 NOT NULL,
	"hardcourt_wins" integer DEFAULT 0 NOT NULL,
	"hardcourt_losses" integer DEFAULT 0 NOT NULL,
	"avatar" text,
	"bio" text,
	"location" text,
	"preferred_court_surface" text DEFAULT 'grass' NOT NULL,
	"competition_type" text DEFAULT 'Men''s Doubles' NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"deletion_reason" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_preferred_surface_check" CHECK (preferred_court_surface in ('grass', 'beach', 'hardcourt', 'clay')),
	CONSTRAINT "teams_competition_type_check" CHECK (competition_type in ('Men''s Doubles', 'Women''s Doubles', 'Mixed Doubles'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(50),
	"password" text,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"avatar" text,
	"phone" text,
	"location" text,
	"bio" text,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"suspension_reason" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"team_id" integer,
	"is_partner" boolean DEFAULT false NOT NULL,
	"is_captain" boolean DEFAULT false NOT NULL,
	"dominant_hand" text,
	"playing_style" text,
	"years_playing" integer,
	"preferred_surface" text,
	"availability" jsonb DEFAULT '{"mon":false,"tue":false,"wed":false,"thu":false,"fri":false,"sat":false,"sun":false}'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_team_id_teams_id_fk" FOREIGN KEY ("challenger_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenged_team_id_teams_id_fk" FOREIGN KEY ("challenged_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reporter_team_id_teams_id_fk" FOREIGN KEY ("reporter_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_team1_id_teams_id_fk" FOREIGN KEY ("team1_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_team2_id_teams_id_fk" FOREIGN KEY ("team2_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_winner_team_id_teams_id_fk" FOREIGN KEY ("winner_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_reported_by_team_id_teams_id_fk" FOREIGN KEY ("reported_by_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "auth_tokens_match_idx" ON "auth_tokens" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "challenges_challenger_status_idx" ON "challenges" USING btree ("challenger_team_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenges_challenged_status_idx" ON "challenges" USING btree ("challenged_team_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_active_pair_uq" ON "challenges" USING btree (least("challenger_team_id", "challenged_team_id"),greatest("challenger_team_id", "challenged_team_id")) WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_match_uq" ON "disputes" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "matches_team1_date_idx" ON "matches" USING btree ("team1_id","match_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_team2_date_idx" ON "matches" USING btree ("team2_id","match_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_date_idx" ON "matches" USING btree ("match_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_challenge_idx" ON "matches" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "matches_pending_deadline_idx" ON "matches" USING btree ("approval_deadline") WHERE confirmation_status = 'pending';--> statement-breakpoint
CREATE INDEX "matches_approved_order_idx" ON "matches" USING btree ("approved_at","id") WHERE match_status = 'approved';--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ((("sess" -> 'passport' ->> 'user')));--> statement-breakpoint
CREATE INDEX "teams_ladder_grass_idx" ON "teams" USING btree ("competition_type","grass_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teams_ladder_beach_idx" ON "teams" USING btree ("competition_type","beach_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teams_ladder_hardcourt_idx" ON "teams" USING btree ("competition_type","hardcourt_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "teams_overall_idx" ON "teams" USING btree ("rating" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("is_approved","joined_at");