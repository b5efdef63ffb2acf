DROP INDEX "challenges_challenger_status_idx";--> statement-breakpoint
DROP INDEX "challenges_challenged_status_idx";--> statement-breakpoint
DROP INDEX "matches_team1_date_idx";--> statement-breakpoint
DROP INDEX "matches_team2_date_idx";--> statement-breakpoint
DROP INDEX "matches_date_idx";--> statement-breakpoint
DROP INDEX "teams_ladder_grass_idx";--> statement-breakpoint
DROP INDEX "teams_ladder_beach_idx";--> statement-breakpoint
DROP INDEX "teams_ladder_hardcourt_idx";--> statement-breakpoint
DROP INDEX "teams_overall_idx";--> statement-breakpoint
CREATE INDEX "challenges_challenger_status_idx" ON "challenges" USING btree ("challenger_team_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "challenges_challenged_status_idx" ON "challenges" USING btree ("challenged_team_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matches_team1_date_idx" ON "matches" USING btree ("team1_id","match_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matches_team2_date_idx" ON "matches" USING btree ("team2_id","match_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matches_date_idx" ON "matches" USING btree ("match_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teams_ladder_grass_idx" ON "teams" USING btree ("competition_type","grass_rating" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teams_ladder_beach_idx" ON "teams" USING btree ("competition_type","beach_rating" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teams_ladder_hardcourt_idx" ON "teams" USING btree ("competition_type","hardcourt_rating" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teams_overall_idx" ON "teams" USING btree ("rating" DESC NULLS FIRST);