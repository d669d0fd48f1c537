CREATE TABLE "broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sent_by" text NOT NULL,
	"role" text NOT NULL,
	"request_key" text NOT NULL,
	"segment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"url" text,
	"members" integer NOT NULL,
	"webpush" integer NOT NULL,
	"line" integer NOT NULL,
	"queued" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_request_uq" ON "broadcasts" USING btree ("sent_by","request_key");--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at","id");