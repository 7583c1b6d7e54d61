CREATE TABLE "admin_api_keys" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "admin_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "admin_api_keys_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_id" integer,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"external_id" text NOT NULL,
	"before_id" integer,
	"after_id" integer,
	CONSTRAINT "admin_audit_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "admin_external_ids" (
	"institute_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"internal_id" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "admin_external_ids_institute_id_kind_external_id_pk" PRIMARY KEY("institute_id","kind","external_id")
);
--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_api_keys" ADD CONSTRAINT "admin_api_keys_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_institute_id_key_id_admin_api_keys_institute_id_id_fk" FOREIGN KEY ("institute_id","key_id") REFERENCES "public"."admin_api_keys"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_external_ids" ADD CONSTRAINT "admin_external_ids_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_api_keys_key_hash_index" ON "admin_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_api_keys_institute_id_name_index" ON "admin_api_keys" USING btree ("institute_id","name");--> statement-breakpoint
CREATE INDEX "admin_audit_institute_id_kind_external_id_index" ON "admin_audit" USING btree ("institute_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "admin_audit_institute_id_at_index" ON "admin_audit" USING btree ("institute_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_external_ids_institute_id_kind_internal_id_index" ON "admin_external_ids" USING btree ("institute_id","kind","internal_id");