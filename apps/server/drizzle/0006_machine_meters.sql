CREATE TABLE "machine_meters" (
	"machine_id" integer PRIMARY KEY NOT NULL,
	"coin_in" bigint NOT NULL,
	"coin_out" bigint NOT NULL,
	"jackpot" bigint NOT NULL,
	"hand_paid" bigint NOT NULL,
	"games_played" bigint NOT NULL,
	"games_won" bigint NOT NULL,
	"transferred_in" bigint NOT NULL,
	"transferred_out" bigint NOT NULL,
	"progressive" bigint NOT NULL,
	"current_credits" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_meters" ADD CONSTRAINT "machine_meters_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;