ALTER TABLE "office_previews" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_previews" ADD COLUMN "retry_at" timestamp with time zone;