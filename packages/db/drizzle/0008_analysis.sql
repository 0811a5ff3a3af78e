CREATE TABLE "item_analysis_snapshots" (
	"section_number" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "item_analysis_snapshots_section_range" CHECK (section_number BETWEEN 1 AND 32)
);
--> statement-breakpoint
CREATE TABLE "member_first_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "member_first_totals_counts" CHECK ("member_first_totals"."correct" BETWEEN 0 AND "member_first_totals"."answered")
);
--> statement-breakpoint
ALTER TABLE "question_attempts" ADD COLUMN "chosen_option" smallint;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD COLUMN "is_first" boolean;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD COLUMN "time_taken_ms" integer;--> statement-breakpoint
ALTER TABLE "question_results" ADD COLUMN "last_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "member_first_totals" ADD CONSTRAINT "member_first_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_attempts_first_idx" ON "question_attempts" USING btree ("question_id","is_correct","chosen_option","user_id","time_taken_ms") WHERE "question_attempts"."is_first";--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_chosen_option_range" CHECK ("question_attempts"."chosen_option" BETWEEN 0 AND 3);--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_time_taken_range" CHECK ("question_attempts"."time_taken_ms" BETWEEN 0 AND 86400000);