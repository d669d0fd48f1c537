DROP INDEX "lpe_customer_idx";--> statement-breakpoint
CREATE INDEX "lpe_history_idx" ON "loyalty_point_entries" USING btree ("customer","posting_date","created_at","name");