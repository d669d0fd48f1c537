-- Branch of the rows written before the column existed: an order's rows take the order's branch, a till award the staff account's.
UPDATE "loyalty_point_entries" AS e SET "branch" = si."branch" FROM "sales_invoices" AS si WHERE e."invoice" = si."name" AND e."branch" IS NULL;--> statement-breakpoint
UPDATE "loyalty_point_entries" AS e SET "branch" = u."branch" FROM "users" AS u WHERE e."source" = 'staff_award' AND e."staff_user" = u."name" AND e."branch" IS NULL;--> statement-breakpoint
-- Each Delivery Note hands over one reward line: notes and reward lines of an order were written in the same order.
WITH notes AS (
  SELECT "name", row_number() OVER (PARTITION BY "sales_invoice" ORDER BY "creation", "name") AS n FROM "delivery_notes" WHERE "sales_invoice_item" IS NULL
), lines AS (
  SELECT "id", "parent", row_number() OVER (PARTITION BY "parent" ORDER BY "id") AS n FROM "sales_invoice_items" WHERE "loyalty_points" > 0
)
UPDATE "delivery_notes" AS dn SET "sales_invoice_item" = lines."id"
FROM notes, lines WHERE dn."name" = notes."name" AND lines."parent" = dn."sales_invoice" AND lines.n = notes.n;
