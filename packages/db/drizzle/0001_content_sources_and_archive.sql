ALTER TABLE "flashcards" ADD COLUMN "source_label" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "second_source" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "second_source_label" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "alternatives" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "source_label" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "second_source" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "second_source_label" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "archived_at" timestamp with time zone;