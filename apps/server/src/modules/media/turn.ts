// TURN for players behind strict NATs (issue #18): coturn with time-limited credentials, the TURN
// REST API scheme coturn implements with `use-auth-secret`: the username is the expiry time (Unix
// seconds) and the player's id, the credential the base64 HMAC-SHA1 of it under the shared
// secret. Minted per player when they join a machine, so nothing long-lived reaches a browser.
import { createHmac } from 'node:crypto';

export interface TurnConfig {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

export function turnServerFor(
  playerId: number,
  config: TurnConfig,
  nowMs: number = Date.now(),
): { urls: string[]; username: string; credential: string } {
  const expiry = Math.floor(nowMs / 1000) + config.ttlSeconds;
  const username = `${expiry}:${playerId}`;
  const credential = createHmac('sha1', config.secret).update(username).digest('base64');
  return { urls: config.urls, username, credential };
}

/** What a join or a watch answers: the player's TURN server, when TURN is configured. */
export function turnAnswer(
  config: { TURN_URLS: string[]; TURN_SECRET?: string | undefined; TURN_TTL_SECONDS: number },
  playerId: number,
): { iceServers?: ReturnType<typeof turnServerFor>[] } {
  const { TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS } = config;
  if (TURN_URLS.length === 0 || !TURN_SECRET) return {};
  const turn = { urls: TURN_URLS, secret: TURN_SECRET, ttlSeconds: TURN_TTL_SECONDS };
  return { iceServers: [turnServerFor(playerId, turn)] };
}
