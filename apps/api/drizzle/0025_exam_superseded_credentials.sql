CREATE TABLE "exam_superseded_credentials" (
	"institute_id" integer NOT NULL,
	"credential_hash" text NOT NULL,
	"attempt_id" integer NOT NULL,
	"superseded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_superseded_credentials_institute_id_credential_hash_pk" PRIMARY KEY("institute_id","credential_hash")
);
--> statement-breakpoint
ALTER TABLE "exam_superseded_credentials" ADD CONSTRAINT "exam_superseded_credentials_institute_id_attempt_id_exam_attempts_institute_id_id_fk" FOREIGN KEY ("institute_id","attempt_id") REFERENCES "public"."exam_attempts"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_superseded_credentials_institute_id_attempt_id_index" ON "exam_superseded_credentials" USING btree ("institute_id","attempt_id");