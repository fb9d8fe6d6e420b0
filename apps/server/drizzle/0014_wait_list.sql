-- The wait lists of busy machines (issue #18) in a table (issue #19): a restart forgets no queue
-- and no ready prompt, and every instance reads the same lists. One row per player in a list (a
-- player waits for one machine at a time), in the order of joined_at then id. The first in line
-- who was given the ready prompt has its end in offered_until: the stored deadline is the truth,
-- and the instance that moves the prompt on does it with a conditional statement on that value.
CREATE TABLE "wait_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL UNIQUE REFERENCES "players"("id"),
	"machine_id" integer NOT NULL REFERENCES "machines"("id"),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "wait_list_entries_order" ON "wait_list_entries" ("machine_id", "joined_at", "id");
--> statement-breakpoint
-- At most one ready prompt per machine, whichever instance gives it.
CREATE UNIQUE INDEX "wait_list_entries_one_offer" ON "wait_list_entries" ("machine_id")
	WHERE "offered_until" IS NOT NULL;
