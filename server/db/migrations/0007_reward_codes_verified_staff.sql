-- Every existing reward order gets a random till code: 16 Crockford base-32 characters (each from the low five
-- bits of a byte of a random UUID, about 79 random bits). The subquery refers to the row, so it runs per row.
UPDATE "sales_invoices" AS si SET "reward_code" = (
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.bytes, i) % 32) + 1, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', ''), 'hex') AS bytes WHERE si."name" IS NOT NULL) AS r,
       generate_series(0, 15) AS i
)
WHERE si."order_type" = 'redemption' AND si."reward_code" IS NULL;
--> statement-breakpoint
-- Back-office accounts were created by an administrator (or the first start), who vouches for their address.
UPDATE "users" AS u SET "email_verified" = true
WHERE u."email" IS NOT NULL
  AND u."roles" && ARRAY['Store Staff', 'Branch Manager', 'Loyalty Manager', 'Blog Manager', 'System Manager']::text[]
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS o
    WHERE o."name" <> u."name" AND lower(o."email") = lower(u."email")
      AND o."roles" && ARRAY['Store Staff', 'Branch Manager', 'Loyalty Manager', 'Blog Manager', 'System Manager']::text[]
  );
