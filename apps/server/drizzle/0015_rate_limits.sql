-- The per-route HTTP rate limits (/login, the PIN, claims) of several instances (issue #19): one
-- count per route and client address that every instance adds to, so a client spread over N
-- instances gets the limit once, not N times, and a restart forgets nothing. Only with CLUSTER=1;
-- one instance counts in memory. A row whose window has ended is restarted by the next hit, and
-- deleted now and then by the instances, so the table holds about the addresses of one window.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
