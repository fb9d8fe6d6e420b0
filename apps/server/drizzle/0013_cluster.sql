-- Several server instances on one database (issue #19). Each machine is owned by one instance at a
-- time: the lease row says which and until when; an instance renews the leases of the machines
-- whose agent is connected to it, and another may take a machine once its lease has run out.
-- Instances say where the others reach them (forwarded machine sockets and requests).
CREATE TABLE "machine_owners" (
	"machine_id" integer PRIMARY KEY NOT NULL REFERENCES "machines"("id"),
	"instance_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	-- the machine's lobby status as its owner last derived it, for the other instances' lobbies
	"status" text DEFAULT 'not_available' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The seat's clocks outlive the instance that set them: the grace period's end of a player with no
-- socket left, and the end of the idle period of a connected one (written at most every few
-- seconds). The instance that adopts the seat counts on from these.
ALTER TABLE "slot_sessions" ADD COLUMN "grace_ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD COLUMN "idle_ends_at" timestamp with time zone;
