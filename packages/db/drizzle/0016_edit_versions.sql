CREATE TABLE "flashcard_versions" (
	"flashcard_id" integer NOT NULL,
	"version" integer NOT NULL,
	"term" text NOT NULL,
	"definition" text NOT NULL,
	"citation" text,
	"source" text,
	"source_label" text,
	"second_source" text,
	"second_source_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "flashcard_versions_flashcard_id_version_pk" PRIMARY KEY("flashcard_id","version")
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"question_type" text NOT NULL,
	"question_text" text NOT NULL,
	"options" jsonb,
	"correct_answer" text NOT NULL,
	"explanation" text NOT NULL,
	"citation" text,
	"alternatives" jsonb,
	"source" text,
	"source_label" text,
	"second_source" text,
	"second_source_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
DROP INDEX "question_attempts_first_idx";--> statement-breakpoint
ALTER TABLE "anonymous_first_answers" ADD COLUMN "question_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD COLUMN "question_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "item_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "question_versions" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcard_versions" ADD CONSTRAINT "flashcard_versions_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_versions" ADD CONSTRAINT "flashcard_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_attempts_first_idx" ON "question_attempts" USING btree ("question_id","question_version","is_correct","chosen_option","user_id","time_taken_ms") WHERE "question_attempts"."is_first";--> statement-breakpoint
-- hand-written
-- Today's bank becomes version 1 of every item, and every answer, test and review log entry points at
-- it (the columns above were added with 1 for existing rows); the defaults then go, so every later
-- write names the version it answered. The tests' shape check comes after the backfill it needs. An
-- answer's version has no foreign key: its check would lock the version row on every answer written.
INSERT INTO "question_versions" ("question_id", "version", "question_type", "question_text", "options", "correct_answer", "explanation", "citation", "alternatives", "source", "source_label", "second_source", "second_source_label", "created_at")
SELECT "id", 1, "question_type", "question_text", "options", "correct_answer", "explanation", "citation", "alternatives", "source", "source_label", "second_source", "second_source_label", coalesce("edited_at", "created_at") FROM "questions";--> statement-breakpoint
INSERT INTO "flashcard_versions" ("flashcard_id", "version", "term", "definition", "citation", "source", "source_label", "second_source", "second_source_label", "created_at")
SELECT "id", 1, "term", "definition", "citation", "source", "source_label", "second_source", "second_source_label", coalesce("edited_at", "created_at") FROM "flashcards";--> statement-breakpoint
UPDATE "test_attempts" SET "question_versions" = array_fill(1, ARRAY[cardinality("question_ids")]);--> statement-breakpoint
ALTER TABLE "question_attempts" ALTER COLUMN "question_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "review_log" ALTER COLUMN "item_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "anonymous_first_answers" ALTER COLUMN "question_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "test_attempts" ALTER COLUMN "question_versions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_versions_shape" CHECK (cardinality("test_attempts"."question_versions") = cardinality("test_attempts"."question_ids"));--> statement-breakpoint
-- Item analysis is now kept per question version: the stored figures (by question only) are computed again.
DELETE FROM "item_analysis_snapshots";--> statement-breakpoint
-- A new version on create and on every change of what a member sees or how it is graded, whoever
-- writes (admin screens, REST, imports, the content loader); metadata (section, archive, edit time)
-- keeps the version. The writing admin is read from the transaction's jcba.actor setting.
CREATE FUNCTION question_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.version := 1;
  ELSIF (NEW.question_type, NEW.question_text, NEW.options, NEW.correct_answer, NEW.alternatives, NEW.explanation, NEW.citation, NEW.source, NEW.source_label, NEW.second_source, NEW.second_source_label)
        IS NOT DISTINCT FROM (OLD.question_type, OLD.question_text, OLD.options, OLD.correct_answer, OLD.alternatives, OLD.explanation, OLD.citation, OLD.source, OLD.source_label, OLD.second_source, OLD.second_source_label) THEN
    NEW.version := OLD.version;
  ELSE
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION question_keep_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.version <> OLD.version THEN
    INSERT INTO question_versions (question_id, version, question_type, question_text, options, correct_answer, explanation, citation, alternatives, source, source_label, second_source, second_source_label, created_by)
    VALUES (NEW.id, NEW.version, NEW.question_type, NEW.question_text, NEW.options, NEW.correct_answer, NEW.explanation, NEW.citation, NEW.alternatives, NEW.source, NEW.source_label, NEW.second_source, NEW.second_source_label, nullif(current_setting('jcba.actor', true), '')::integer);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_next_version BEFORE INSERT OR UPDATE ON questions FOR EACH ROW EXECUTE FUNCTION question_next_version();--> statement-breakpoint
CREATE TRIGGER questions_keep_version AFTER INSERT OR UPDATE ON questions FOR EACH ROW EXECUTE FUNCTION question_keep_version();--> statement-breakpoint
CREATE FUNCTION flashcard_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.version := 1;
  ELSIF (NEW.term, NEW.definition, NEW.citation, NEW.source, NEW.source_label, NEW.second_source, NEW.second_source_label)
        IS NOT DISTINCT FROM (OLD.term, OLD.definition, OLD.citation, OLD.source, OLD.source_label, OLD.second_source, OLD.second_source_label) THEN
    NEW.version := OLD.version;
  ELSE
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION flashcard_keep_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.version <> OLD.version THEN
    INSERT INTO flashcard_versions (flashcard_id, version, term, definition, citation, source, source_label, second_source, second_source_label, created_by)
    VALUES (NEW.id, NEW.version, NEW.term, NEW.definition, NEW.citation, NEW.source, NEW.source_label, NEW.second_source, NEW.second_source_label, nullif(current_setting('jcba.actor', true), '')::integer);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flashcards_next_version BEFORE INSERT OR UPDATE ON flashcards FOR EACH ROW EXECUTE FUNCTION flashcard_next_version();--> statement-breakpoint
CREATE TRIGGER flashcards_keep_version AFTER INSERT OR UPDATE ON flashcards FOR EACH ROW EXECUTE FUNCTION flashcard_keep_version();
