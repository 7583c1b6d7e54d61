ALTER TABLE "fee_receipts" ALTER COLUMN "pdf_file_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "origin" text;--> statement-breakpoint
CREATE INDEX "fee_receipts_to_draw" ON "fee_receipts" USING btree ("institute_id","payment_id") WHERE "fee_receipts"."pdf_file_key" is null;