CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', term), 'A') || setweight(to_tsvector('english', definition), 'B') || setweight(to_tsvector('english', coalesce(citation, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "search_text" text GENERATED ALWAYS AS (term || ' ' || definition) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', question_text), 'A') || setweight(to_tsvector('english', explanation), 'B') || setweight(to_tsvector('english', coalesce(citation, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (question_text || ' ' || explanation) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flashcards_search_idx" ON "flashcards" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin ("search_vector");