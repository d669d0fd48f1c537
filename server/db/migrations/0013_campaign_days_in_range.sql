-- Campaign days are from 1900-01-01 to 2200-12-31 (contracts/dates.ts). A version saved before that bound may hold a
-- campaign "from 0001-01-01" or "until 9999-12-31": each such day becomes the nearest day inside the bound (the
-- campaign runs on the same days in any year the business will see), so every version still reads as valid rules.
-- Days are YYYY-MM-DD text, compared byte by byte (COLLATE "C"), which is calendar order.
UPDATE "programme_rule_versions" AS prv SET "rules" = jsonb_set(prv."rules", '{campaigns}', (
  SELECT jsonb_agg(
    CASE WHEN jsonb_typeof(c.value->'from_date') = 'string' AND jsonb_typeof(c.value->'to_date') = 'string'
      THEN c.value || jsonb_build_object(
        'from_date', greatest(least(c.value->>'from_date' COLLATE "C", '2200-12-31'), '1900-01-01'),
        'to_date', greatest(least(c.value->>'to_date' COLLATE "C", '2200-12-31'), '1900-01-01'))
      ELSE c.value END
    ORDER BY c.ordinality)
  FROM jsonb_array_elements(prv."rules"->'campaigns') WITH ORDINALITY AS c
))
WHERE jsonb_typeof(prv."rules"->'campaigns') = 'array' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(prv."rules"->'campaigns') AS c
  WHERE jsonb_typeof(c.value->'from_date') = 'string' AND jsonb_typeof(c.value->'to_date') = 'string'
    AND (c.value->>'from_date' COLLATE "C" NOT BETWEEN '1900-01-01' AND '2200-12-31'
      OR c.value->>'to_date' COLLATE "C" NOT BETWEEN '1900-01-01' AND '2200-12-31')
);
