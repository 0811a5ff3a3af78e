ALTER TABLE "miss_reasons" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "miss_reasons_client_id_idx" ON "miss_reasons" USING btree ("client_id");