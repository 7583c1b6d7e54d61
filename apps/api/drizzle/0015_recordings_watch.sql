ALTER TABLE "class_recordings" ADD COLUMN "watch_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_recordings" ADD COLUMN "watch_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "class_recordings_institute_id_provider_video_id_id_index" ON "class_recordings" USING btree ("institute_id","provider_video_id","id");