-- Decision 0019, addendum: a quote from a bill states its saving against the plan charges on the
-- bill, no longer against its total. Quotes saved before hold the total: the plan charges are
-- read again from their bill analysis; with no analysis left (or one whose line list leaves
-- lines out), no saving can be stated like with like, and none is. Only drafts: a quote that was
-- sent keeps the figures the customer was sent (decision 0019, addendum).
UPDATE "quotes" AS q
SET "current_monthly_cents" = (
  SELECT CASE
    WHEN jsonb_typeof(b."result"->'lines') <> 'array'
      OR jsonb_array_length(b."result"->'lines') = 0 THEN NULL
    WHEN (
      SELECT coalesce(sum(floor(greatest((d.value->>'lines')::numeric, 0))), 0)
      FROM jsonb_each(b."result"->'departmentBreakdown') AS d
    ) > jsonb_array_length(b."result"->'lines') THEN NULL
    ELSE (
      SELECT sum(round((l->>'planCost')::numeric * 100))::bigint
      FROM jsonb_array_elements(b."result"->'lines') AS l
    )
  END
  FROM "bill_analyses" AS b
  WHERE b."id" = q."bill_analysis_id"
)
WHERE q."source" = 'bill' AND q."status" = 'draft' AND q."current_monthly_cents" IS NOT NULL;
