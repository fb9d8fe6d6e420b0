-- Machine agents (the agent protocol, packages/protocol agent.ts): each has its own secret,
-- kept as an argon2id hash; a revoked agent is refused. A machine is assigned to at most one
-- agent, and an agent may speak only for the machines assigned to it.
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "agent_id" text REFERENCES "agents"("id");
