CREATE TABLE "personal_data_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"role" text NOT NULL,
	"branch" text,
	"customer" text NOT NULL,
	"what" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"version" integer,
	"source" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"channel" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pda_created_idx" ON "personal_data_access" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pda_customer_idx" ON "personal_data_access" USING btree ("customer","created_at");--> statement-breakpoint
CREATE INDEX "pda_user_idx" ON "personal_data_access" USING btree ("user","created_at");--> statement-breakpoint
CREATE INDEX "privacy_consents_member_idx" ON "privacy_consents" USING btree ("customer","purpose","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_status_idx" ON "privacy_requests" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "privacy_requests_customer_idx" ON "privacy_requests" USING btree ("customer");