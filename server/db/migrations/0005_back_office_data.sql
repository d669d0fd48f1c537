-- Entry types of the rows written before the column existed: spending rows are redemptions, the back office's are adjustments.
UPDATE "loyalty_point_entries" SET "entry_type" = 'redeem' WHERE "source" = 'redemption';--> statement-breakpoint
UPDATE "loyalty_point_entries" SET "entry_type" = 'adjust' WHERE "source" = 'adjustment';--> statement-breakpoint
-- The audit log is append-only: no role, no code path and no SQL session can change or remove a row.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
