-- Issue 30: every key of a tenant table starts with institute_id, so the schema stays distributable by it. The
-- secrets below were unique on their own; each lookup now names the host's institute too. No two rows can share a
-- value under the old global key, so the composite keys hold on existing rows.
ALTER TABLE "exam_launch_tokens" DROP CONSTRAINT "exam_launch_tokens_pkey";--> statement-breakpoint
ALTER TABLE "exam_launch_tokens" ADD CONSTRAINT "exam_launch_tokens_institute_id_token_hash_pk" PRIMARY KEY("institute_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_files_institute_id_file_key_index" ON "admin_files" USING btree ("institute_id","file_key");--> statement-breakpoint
DROP INDEX "admin_files_file_key_index";--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_institute_id_token_hash_index" ON "sessions" USING btree ("institute_id","token_hash");--> statement-breakpoint
DROP INDEX "sessions_token_hash_index";--> statement-breakpoint
CREATE UNIQUE INDEX "sso_tokens_institute_id_token_hash_index" ON "sso_tokens" USING btree ("institute_id","token_hash");--> statement-breakpoint
DROP INDEX "sso_tokens_token_hash_index";--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_institute_id_credential_hash_index" ON "exam_attempts" USING btree ("institute_id","credential_hash");--> statement-breakpoint
DROP INDEX "exam_attempts_credential_hash_index";--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_institute_id_verification_code_index" ON "fee_receipts" USING btree ("institute_id","verification_code");--> statement-breakpoint
DROP INDEX "fee_receipts_verification_code_index";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_institute_id_secret_hash_index" ON "calendar_feeds" USING btree ("institute_id","secret_hash");--> statement-breakpoint
DROP INDEX "calendar_feeds_secret_hash_index";
