ALTER TABLE "sms_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "secret_user_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;