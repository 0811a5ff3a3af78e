ALTER TABLE "flashcards" ADD COLUMN "replaces" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "replaces" integer;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_replaces_flashcards_id_fk" FOREIGN KEY ("replaces") REFERENCES "public"."flashcards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_replaces_questions_id_fk" FOREIGN KEY ("replaces") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;