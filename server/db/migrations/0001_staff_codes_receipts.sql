ALTER TABLE "member_devices" ADD COLUMN "code_no" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "member_devices" ADD COLUMN "last_used_step" integer;--> statement-breakpoint
CREATE INDEX "member_devices_user_idx" ON "member_devices" USING btree ("user");--> statement-breakpoint
CREATE INDEX "staff_actions_branch_idx" ON "staff_actions" USING btree ("branch","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_actions_receipt_uq" ON "staff_actions" USING btree ("branch","target") WHERE "staff_actions"."action" = 'award_points';--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_code_no_unique" UNIQUE("code_no");