ALTER TABLE "institutes" ADD COLUMN "is_vimeo_downloadable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "library_courses" ADD COLUMN "material_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_files" ADD COLUMN "poster_keys" text[] DEFAULT '{}'::text[] NOT NULL;