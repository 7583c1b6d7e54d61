-- Generated, then edited by hand (carry the edits over when renumbering): drizzle-kit put the new primary key before
-- its column and added the column NOT NULL to a table that may hold rows. Each account (the student's login, each
-- parent's login) now has its own feed per student it shows. A feed made before this belonged to the student and the
-- parent together; it is kept as the student's own (its address keeps working, the student may revoke it, and it
-- shows nothing a parent could not see anyway); a parent makes a new one.
ALTER TABLE "calendar_feeds" ADD COLUMN "account_user_id" integer;--> statement-breakpoint
UPDATE "calendar_feeds" f SET "account_user_id" = s."user_id" FROM "students" s WHERE s."institute_id" = f."institute_id" AND s."id" = f."student_id";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "account_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_institute_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_institute_id_account_user_id_student_id_pk" PRIMARY KEY("institute_id","account_user_id","student_id");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_institute_id_account_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","account_user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_institute_id_student_id_index" ON "calendar_feeds" USING btree ("institute_id","student_id");
