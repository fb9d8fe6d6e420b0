CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sign_ins_player" ON "sign_ins" USING btree ("player_id");
--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "login_attempts" SET "login" = 'name:' || "login";
