-- Answers stored before item analysis: mark each member's earliest answer to a question as the first,
-- read the chosen option back from the answer text, and total each member's first answers.
UPDATE "question_attempts" q SET "is_first" = (q."id" = f."id")
FROM (
  SELECT DISTINCT ON ("user_id", "question_id") "user_id", "question_id", "id"
  FROM "question_attempts" ORDER BY "user_id", "question_id", "created_at", "id"
) f
WHERE f."user_id" = q."user_id" AND f."question_id" = q."question_id";
--> statement-breakpoint
UPDATE "question_attempts" q SET "chosen_option" = (o.ord - 1)::smallint
FROM "questions" qu, jsonb_array_elements_text(qu."options") WITH ORDINALITY AS o(text, ord)
WHERE qu."id" = q."question_id" AND qu."question_type" = 'multiple-choice' AND o.text = q."user_answer";
--> statement-breakpoint
INSERT INTO "member_first_totals" ("user_id", "answered", "correct")
SELECT "user_id", count(*)::int, (count(*) FILTER (WHERE "is_correct"))::int
FROM "question_attempts" WHERE "is_first" GROUP BY "user_id";
