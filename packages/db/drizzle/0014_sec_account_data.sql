CREATE TABLE "anonymous_first_answers" (
	"question_id" integer NOT NULL,
	"is_correct" boolean NOT NULL,
	"chosen_option" smallint,
	"time_taken_ms" integer,
	"rest_share" double precision
);
--> statement-breakpoint
ALTER TABLE "anonymous_first_answers" ADD CONSTRAINT "anonymous_first_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_first_answers_question_idx" ON "anonymous_first_answers" USING btree ("question_id");