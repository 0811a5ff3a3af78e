ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_valid";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "signed_in_with" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_valid" CHECK ("account_tokens"."purpose" IN ('password-reset', 'email-verify', 'email-change'));--> statement-breakpoint
-- hand-written
-- Members who had an account before addresses were verified keep signing in: they count as verified.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
