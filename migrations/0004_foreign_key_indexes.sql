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