CREATE TABLE "jackpots" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"seed_cents" bigint NOT NULL,
	"must_hit_by_cents" bigint NOT NULL,
	"value_micros" bigint NOT NULL,
	"hit_at_cents" bigint NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"machine_id" integer PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservations_player_id_unique" UNIQUE("player_id")
);
--> statement-breakpoint
CREATE TABLE "slot_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"credits_before" bigint NOT NULL,
	"credits_after" bigint NOT NULL,
	"stops" integer[] NOT NULL,
	"grid" jsonb NOT NULL,
	"hand_pay" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "games_played" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "total_bet" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "total_won" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "jackpots" ADD CONSTRAINT "jackpots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_spins" ADD CONSTRAINT "slot_spins_session_id_slot_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."slot_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpots_brand_name" ON "jackpots" USING btree ("brand_id","name");--> statement-breakpoint
CREATE INDEX "slot_spins_session" ON "slot_spins" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "slot_sessions_player_opened" ON "slot_sessions" USING btree ("player_id","opened_at");