ALTER TABLE "idempotent_writes" ADD COLUMN "route" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_writes" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;