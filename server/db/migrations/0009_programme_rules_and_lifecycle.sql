CREATE TABLE "point_expiry_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"batch" text NOT NULL,
	"days_before" integer NOT NULL,
	"points" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"remind_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_rule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"loyalty_program" text NOT NULL,
	"effective_from" date NOT NULL,
	"rules" jsonb NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"name" text PRIMARY KEY NOT NULL,
	"sales_invoice" text NOT NULL,
	"customer" text NOT NULL,
	"branch" text,
	"amount" numeric(12, 2) NOT NULL,
	"posting_date" date NOT NULL,
	"points_due" integer NOT NULL,
	"points_reversed" integer NOT NULL,
	"points_shortfall" integer NOT NULL,
	"points_returned" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"members_total" integer NOT NULL,
	"new_members" integer NOT NULL,
	"outstanding" integer NOT NULL,
	"active_30" integer NOT NULL,
	"active_90" integer NOT NULL,
	"tiers" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_branches" (
	"day" date NOT NULL,
	"branch" text NOT NULL,
	"issued" integer NOT NULL,
	"redeemed" integer NOT NULL,
	"refunded" integer NOT NULL,
	"expired" integer NOT NULL,
	"adjusted" integer NOT NULL,
	"reversed" integer NOT NULL,
	"reward_orders" integer NOT NULL,
	"active_30" integer NOT NULL,
	"active_90" integer NOT NULL,
	CONSTRAINT "report_daily_branches_day_branch_pk" PRIMARY KEY("day","branch")
);
--> statement-breakpoint
CREATE TABLE "report_daily_rewards" (
	"day" date NOT NULL,
	"branch" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"units" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "report_daily_rewards_day_branch_item_code_pk" PRIMARY KEY("day","branch","item_code")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "loyalty_program_tier" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_evaluated_on" date;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD COLUMN "sales_invoice_item" integer;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "per_batch_day_uq" ON "point_expiry_reminders" USING btree ("batch","days_before");--> statement-breakpoint
CREATE INDEX "per_customer_idx" ON "point_expiry_reminders" USING btree ("customer","expiry_date");--> statement-breakpoint
CREATE INDEX "prv_program_idx" ON "programme_rule_versions" USING btree ("loyalty_program","effective_from","id");--> statement-breakpoint
CREATE INDEX "order_refunds_invoice_idx" ON "order_refunds" USING btree ("sales_invoice");--> statement-breakpoint
CREATE INDEX "order_refunds_customer_idx" ON "order_refunds" USING btree ("customer","creation");--> statement-breakpoint
CREATE INDEX "customers_creation_idx" ON "customers" USING btree ("creation");--> statement-breakpoint
CREATE INDEX "lpe_redeem_against_idx" ON "loyalty_point_entries" USING btree ("redeem_against");--> statement-breakpoint
CREATE INDEX "lpe_invoice_idx" ON "loyalty_point_entries" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "lpe_expiry_idx" ON "loyalty_point_entries" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "lpe_posting_idx" ON "loyalty_point_entries" USING btree ("posting_date");--> statement-breakpoint
CREATE INDEX "lpe_activity_idx" ON "loyalty_point_entries" USING btree ("posting_date","customer","branch") WHERE "loyalty_point_entries"."entry_type" in ('earn', 'redeem');--> statement-breakpoint
CREATE UNIQUE INDEX "lpe_event_key_uq" ON "loyalty_point_entries" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "dn_cancelled_idx" ON "delivery_notes" USING btree ("cancelled_at");--> statement-breakpoint
CREATE INDEX "si_status_due_idx" ON "sales_invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "si_posting_idx" ON "sales_invoices" USING btree ("posting_date");