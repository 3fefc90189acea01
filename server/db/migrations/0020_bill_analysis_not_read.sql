-- Hand-written (decision 0023, its last addendum): an analysis stored before what the reader
-- could not read was kept apart has those sentences among its compliance issues and no
-- "notReadFromBill". They are moved out, so an old analysis shows as a new one does on its page,
-- through the API and in both exports, and no reader has to know the old shape. The sentences are
-- exactly the ones the parsers' Findings wrote before then (server/bills/parse/common.ts):
-- "The bill's <field> could not be read.", 'A line on page <n> could not be read: "<text>".' and
-- "No lines were found on the bill."; every other issue stays, in its order. The old words "The
-- bill's bill period" become today's "The bill's period". The rest follows from what moved, as the
-- analyser decides it now: compliant when no issue is left, and the total's source from whether
-- the current charges and the taxes were read. Rows that already have "notReadFromBill" (written
-- since) are not touched, so running this twice changes nothing.
WITH "split" AS (
  SELECT "a"."id",
    COALESCE(jsonb_agg("e"."issue" ORDER BY "e"."n") FILTER (WHERE NOT "u"."unread"), '[]'::jsonb) AS "kept",
    jsonb_agg(
      CASE WHEN "e"."issue" = 'The bill''s bill period could not be read.'
        THEN 'The bill''s period could not be read.' ELSE "e"."issue" END
      ORDER BY "e"."n"
    ) FILTER (WHERE "u"."unread") AS "moved"
  FROM "bill_analyses" AS "a",
    jsonb_array_elements_text("a"."result" #> '{businessMetrics,complianceStatus,issues}')
      WITH ORDINALITY AS "e"("issue", "n"),
    LATERAL (SELECT "e"."issue" ~ '^(The bill''s .+ could not be read\.|A line on page [0-9]+ could not be read: ".*"\.|No lines were found on the bill\.)$' AS "unread") AS "u"
  WHERE "a"."result" IS NOT NULL
    AND NOT ("a"."result" ? 'notReadFromBill')
    AND jsonb_typeof("a"."result" #> '{businessMetrics,complianceStatus,issues}') = 'array'
  GROUP BY "a"."id"
)
UPDATE "bill_analyses" AS "b"
SET "result" = jsonb_set(
    jsonb_set("b"."result", '{businessMetrics,complianceStatus,issues}', "s"."kept"),
    '{businessMetrics,complianceStatus,policyCompliant}',
    to_jsonb(jsonb_array_length("s"."kept") = 0)
  ) || jsonb_build_object(
    'notReadFromBill', "s"."moved",
    'totalMonthlyBillFrom', CASE
      WHEN NOT ("s"."moved" ? 'The bill''s current charges could not be read.') THEN 'bill'
      WHEN "s"."moved" ? 'The bill''s taxes and fees could not be read.' THEN 'lines'
      ELSE 'lines_and_taxes'
    END
  )
FROM "split" AS "s"
WHERE "b"."id" = "s"."id" AND "s"."moved" IS NOT NULL;
