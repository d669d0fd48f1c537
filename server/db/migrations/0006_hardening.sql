ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "reward_code" text;--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_uq" ON "users" USING btree (lower("email")) WHERE "users"."email_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "si_reward_code_uq" ON "sales_invoices" USING btree ("reward_code");