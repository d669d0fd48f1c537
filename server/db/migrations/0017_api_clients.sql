CREATE TABLE "api_clients" (
	"api_key" text PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"branch" text,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_valid_until" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"branch" text NOT NULL,
	"receipt_no" text NOT NULL,
	"customer" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"points" integer NOT NULL,
	"entry" text NOT NULL,
	"answer" jsonb NOT NULL,
	"reversed_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"reversed_points" integer DEFAULT 0 NOT NULL,
	"points_shortfall" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_holds" (
	"name" text PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"customer" text NOT NULL,
	"branch" text,
	"receipt_no" text NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"captured_points" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_receipts_uq" ON "integration_receipts" USING btree ("client","branch","receipt_no");--> statement-breakpoint
CREATE INDEX "integration_receipts_customer_idx" ON "integration_receipts" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "point_holds_held_idx" ON "point_holds" USING btree ("customer") WHERE "point_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "point_holds_expiry_idx" ON "point_holds" USING btree ("expires_at") WHERE "point_holds"."status" = 'held';