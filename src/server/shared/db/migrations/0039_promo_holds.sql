ALTER TABLE "course_orders" ADD COLUMN "promo_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promo_held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "course_orders_promo_hold_idx" ON "course_orders" USING btree ("promo_id","promo_held_until") WHERE "course_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_promo_hold_idx" ON "payments" USING btree ("promo_code_id","promo_held_until") WHERE "payments"."status" = 'pending';