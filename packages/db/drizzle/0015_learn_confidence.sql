ALTER TABLE "member_settings" ADD COLUMN "ask_confidence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD COLUMN "confidence" text;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "confidence" text;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_confidence_valid" CHECK ("question_attempts"."confidence" IN ('sure', 'think', 'guess'));--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_confidence_valid" CHECK ("review_log"."confidence" IN ('sure', 'think', 'guess'));