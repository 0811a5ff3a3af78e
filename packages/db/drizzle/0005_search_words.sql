-- The search vocabulary (search_words) follows every write of a question or flashcard: each word of
-- 4+ letters, in lower case. A trigger, because drizzle cannot express one.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.search_text), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER questions_search_words AFTER INSERT OR UPDATE OF question_text, explanation ON questions
  FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
CREATE TRIGGER flashcards_search_words AFTER INSERT OR UPDATE OF term, definition ON flashcards
  FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT search_text FROM questions UNION ALL SELECT search_text FROM flashcards
) AS items, regexp_split_to_table(lower(items.search_text), '[^[:alnum:]]+') AS w
WHERE length(w) >= 4
ON CONFLICT DO NOTHING;
