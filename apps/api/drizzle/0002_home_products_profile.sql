CREATE TYPE "public"."banner_kind" AS ENUM('banner', 'promo');--> statement-breakpoint
CREATE TABLE "announcement_audiences" (
	"institute_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	CONSTRAINT "announcement_audiences_institute_id_announcement_id_batch_id_pk" PRIMARY KEY("institute_id","announcement_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description_html" text NOT NULL,
	"updated_by" text NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"image_file_key" text,
	"attachment_file_key" text,
	"attachment_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "announcements_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "banner_kind" NOT NULL,
	"web_url" text NOT NULL,
	"is_redirect" boolean DEFAULT false NOT NULL,
	"redirect_link" text DEFAULT '' NOT NULL,
	"landing_screen" text DEFAULT '' NOT NULL,
	"user_types" smallint[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banners_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_item_types" (
	"institute_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_item_types_institute_id_product_id_item_type_pk" PRIMARY KEY("institute_id","product_id","item_type")
);
--> statement-breakpoint
CREATE TABLE "product_purchases" (
	"institute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"public_order_id" text NOT NULL,
	"enrolled_on" date NOT NULL,
	"expires_on" date NOT NULL,
	CONSTRAINT "product_purchases_institute_id_user_id_product_id_pk" PRIMARY KEY("institute_id","user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"about_html" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"currency_code" text DEFAULT 'INR' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"course_type" text DEFAULT '' NOT NULL,
	"sample_video_urls" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "products_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_place" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "religion" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "blood_group" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "mother_tongue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "permanent_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "aadhar_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_profession" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_aadhar_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_file_key" text;--> statement-breakpoint
ALTER TABLE "announcement_audiences" ADD CONSTRAINT "announcement_audiences_institute_id_announcement_id_announcements_institute_id_id_fk" FOREIGN KEY ("institute_id","announcement_id") REFERENCES "public"."announcements"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_item_types" ADD CONSTRAINT "product_item_types_institute_id_product_id_products_institute_id_id_fk" FOREIGN KEY ("institute_id","product_id") REFERENCES "public"."products"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchases" ADD CONSTRAINT "product_purchases_institute_id_product_id_products_institute_id_id_fk" FOREIGN KEY ("institute_id","product_id") REFERENCES "public"."products"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_audiences_institute_id_batch_id_index" ON "announcement_audiences" USING btree ("institute_id","batch_id");--> statement-breakpoint
CREATE INDEX "announcements_institute_id_is_active_announced_at_index" ON "announcements" USING btree ("institute_id","is_active","announced_at");--> statement-breakpoint
CREATE INDEX "banners_institute_id_kind_is_active_sort_order_index" ON "banners" USING btree ("institute_id","kind","is_active","sort_order");--> statement-breakpoint
CREATE INDEX "product_purchases_institute_id_product_id_index" ON "product_purchases" USING btree ("institute_id","product_id");