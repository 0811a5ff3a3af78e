CREATE TABLE "miss_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "miss_reasons_reason_valid" CHECK ("miss_reasons"."reason" IN ('didnt-know', 'misread', 'mixed-up'))
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"end_date" text NOT NULL,
	"target_recall" double precision NOT NULL,
	"start_date" text NOT NULL,
	"start_recall" double precision NOT NULL,
	"final_recall" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plans_target_range" CHECK ("study_plans"."target_recall" BETWEEN 0.5 AND 0.99)
);
--> statement-breakpoint
ALTER TABLE "miss_reasons" ADD CONSTRAINT "miss_reasons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miss_reasons" ADD CONSTRAINT "miss_reasons_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "miss_reasons_user_question_idx" ON "miss_reasons" USING btree ("user_id","question_id");