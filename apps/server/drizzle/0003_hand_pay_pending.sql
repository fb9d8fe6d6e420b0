ALTER TABLE "slot_sessions" ADD COLUMN "hand_pay" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "hand_pay_id" text;