CREATE TABLE "fee_installments" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "fee_installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"structure_id" integer NOT NULL,
	"install_no" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "fee_installments_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "fee_installments_amount" CHECK ("fee_installments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_payment_allocations" (
	"institute_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"student_installment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"fine" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_payment_allocations_institute_id_payment_id_student_installment_id_pk" PRIMARY KEY("institute_id","payment_id","student_installment_id"),
	CONSTRAINT "fee_payment_allocations_amounts" CHECK ("fee_payment_allocations"."amount" >= 0 and "fee_payment_allocations"."fine" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "fee_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"receipt_no" text NOT NULL,
	"mode" text NOT NULL,
	"amount" integer NOT NULL,
	"financial_year" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fee_payments_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "fee_payments_amount" CHECK ("fee_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_receipts" (
	"institute_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"pdf_file_key" text NOT NULL,
	"verification_code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fee_receipts_institute_id_payment_id_pk" PRIMARY KEY("institute_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "fee_structures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"academic_year_id" integer NOT NULL,
	"name" text NOT NULL,
	"standard_id" integer,
	"batch_id" integer,
	"late_fine_amount" integer,
	CONSTRAINT "fee_structures_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "fee_structures_late_fine" CHECK ("fee_structures"."late_fine_amount" is null or "fee_structures"."late_fine_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_installments" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "student_installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"installment_id" integer NOT NULL,
	"initial_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"fine_amount" integer DEFAULT 0 NOT NULL,
	"bad_debt_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_installments_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "student_installments_amounts" CHECK ("student_installments"."initial_amount" >= 0 and "student_installments"."discount_amount" >= 0 and "student_installments"."tax_amount" >= 0 and "student_installments"."fine_amount" >= 0 and "student_installments"."bad_debt_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_institute_id_structure_id_fee_structures_institute_id_id_fk" FOREIGN KEY ("institute_id","structure_id") REFERENCES "public"."fee_structures"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_allocations" ADD CONSTRAINT "fee_payment_allocations_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_allocations" ADD CONSTRAINT "fee_payment_allocations_institute_id_payment_id_fee_payments_institute_id_id_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."fee_payments"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_allocations" ADD CONSTRAINT "fee_payment_allocations_institute_id_student_installment_id_student_installments_institute_id_id_fk" FOREIGN KEY ("institute_id","student_installment_id") REFERENCES "public"."student_installments"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_institute_id_academic_year_id_academic_years_institute_id_id_fk" FOREIGN KEY ("institute_id","academic_year_id") REFERENCES "public"."academic_years"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_institute_id_payment_id_fee_payments_institute_id_id_fk" FOREIGN KEY ("institute_id","payment_id") REFERENCES "public"."fee_payments"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_institute_id_academic_year_id_academic_years_institute_id_id_fk" FOREIGN KEY ("institute_id","academic_year_id") REFERENCES "public"."academic_years"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_institute_id_standard_id_standards_institute_id_id_fk" FOREIGN KEY ("institute_id","standard_id") REFERENCES "public"."standards"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_institute_id_batch_id_batches_institute_id_id_fk" FOREIGN KEY ("institute_id","batch_id") REFERENCES "public"."batches"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_installments" ADD CONSTRAINT "student_installments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_installments" ADD CONSTRAINT "student_installments_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_installments" ADD CONSTRAINT "student_installments_institute_id_installment_id_fee_installments_institute_id_id_fk" FOREIGN KEY ("institute_id","installment_id") REFERENCES "public"."fee_installments"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_installments" ADD CONSTRAINT "student_installments_institute_id_academic_year_id_academic_years_institute_id_id_fk" FOREIGN KEY ("institute_id","academic_year_id") REFERENCES "public"."academic_years"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_installments_institute_id_structure_id_install_no_index" ON "fee_installments" USING btree ("institute_id","structure_id","install_no");--> statement-breakpoint
CREATE INDEX "fee_payment_allocations_institute_id_student_installment_id_index" ON "fee_payment_allocations" USING btree ("institute_id","student_installment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_institute_id_receipt_no_index" ON "fee_payments" USING btree ("institute_id","receipt_no");--> statement-breakpoint
CREATE INDEX "fee_payments_institute_id_student_id_academic_year_id_paid_at_index" ON "fee_payments" USING btree ("institute_id","student_id","academic_year_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_verification_code_index" ON "fee_receipts" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "student_installments_institute_id_student_id_academic_year_id_index" ON "student_installments" USING btree ("institute_id","student_id","academic_year_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_installments_institute_id_student_id_installment_id_index" ON "student_installments" USING btree ("institute_id","student_id","installment_id");