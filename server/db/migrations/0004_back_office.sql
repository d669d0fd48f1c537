CREATE TABLE "audit_log" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"user" text NOT NULL,
	"role" text NOT NULL,
	"branch" text,
	"action" text NOT NULL,
	"ref_doctype" text NOT NULL,
	"ref_name" text NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "point_imports" (
	"content_hash" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"rows" integer NOT NULL,
	"total_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_award_cap" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_by" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "stock_qty" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "per_member_limit" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "eligible_tiers" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "entry_type" text DEFAULT 'earn' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "member_text" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_branch_idx" ON "audit_log" USING btree ("branch","seq");--> statement-breakpoint
CREATE INDEX "audit_log_ref_idx" ON "audit_log" USING btree ("ref_doctype","ref_name");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user","seq");--> statement-breakpoint
CREATE INDEX "lpe_creation_idx" ON "loyalty_point_entries" USING btree ("creation","name");--> statement-breakpoint
CREATE INDEX "sii_parent_idx" ON "sales_invoice_items" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "sii_item_code_idx" ON "sales_invoice_items" USING btree ("item_code");--> statement-breakpoint
CREATE INDEX "si_creation_idx" ON "sales_invoices" USING btree ("creation","name");