CREATE TABLE "events" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_type" smallint NOT NULL,
	"holiday_type" smallint,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"document_file_key" text,
	"document_name" text,
	"is_all_day" boolean DEFAULT true NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"user_types" smallint[] DEFAULT '{}' NOT NULL,
	"standard_ids" integer[] DEFAULT '{}' NOT NULL,
	"days_of_week" smallint[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "events_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "events_event_type" CHECK ("events"."event_type" in (1, 2, 3)),
	CONSTRAINT "events_holiday_type" CHECK ("events"."holiday_type" is null or "events"."holiday_type" between 1 and 4),
	CONSTRAINT "events_date_order" CHECK ("events"."end_date" >= "events"."start_date")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_institute_id_start_date_end_date_index" ON "events" USING btree ("institute_id","start_date","end_date");