CREATE INDEX "assignments_created" ON "assignments" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE INDEX "student_installments_of_installment" ON "student_installments" USING btree ("institute_id","installment_id");--> statement-breakpoint
CREATE INDEX "report_offline_exams_by_date" ON "report_offline_exams" USING btree ("institute_id","exam_date");--> statement-breakpoint
CREATE INDEX "class_sessions_online_starts" ON "class_sessions" USING btree ("institute_id","starts_at") WHERE "class_sessions"."class_type" = 'Online Class';