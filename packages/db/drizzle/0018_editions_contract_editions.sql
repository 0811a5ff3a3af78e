CREATE TABLE "editions" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "editions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "editions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "study_edition" text;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The contract in force today is the JCBA 2016 (effective 2016-12-20): every existing question and
-- card teaches it. An item written without editions is true for the edition in force when it is written
-- (the latest whose effective date has come), so admins, imports and the content loader need not say.
INSERT INTO "editions" ("slug", "name", "effective_on") VALUES ('jcba-2016', 'JCBA 2016–2021', '2016-12-20');--> statement-breakpoint
UPDATE "questions" SET "editions" = '{jcba-2016}';--> statement-breakpoint
UPDATE "flashcards" SET "editions" = '{jcba-2016}';--> statement-breakpoint
CREATE FUNCTION item_editions_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(NEW.editions) = 0 THEN
    NEW.editions := ARRAY(SELECT slug FROM editions WHERE effective_on <= current_date ORDER BY effective_on DESC, slug DESC LIMIT 1);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_editions_default BEFORE INSERT ON questions FOR EACH ROW EXECUTE FUNCTION item_editions_default();--> statement-breakpoint
CREATE TRIGGER flashcards_editions_default BEFORE INSERT ON flashcards FOR EACH ROW EXECUTE FUNCTION item_editions_default();
