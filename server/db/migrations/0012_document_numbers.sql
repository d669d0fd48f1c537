-- Order and delivery-note numbers come from one sequence (no row lock every order waits on); it starts after every
-- number the settings-row counters have handed out, so no new name can repeat an old one.
CREATE SEQUENCE IF NOT EXISTS "document_no";--> statement-breakpoint
SELECT setval('document_no', coalesce((SELECT max(("value" #>> '{}')::bigint) FROM "settings" WHERE "key" LIKE 'series:%'), 0) + 1, false);
