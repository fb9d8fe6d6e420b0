// Requests that act on a machine's seat (a cancel, a staff quit, a hand pay paid) are answered by
// the instance that owns the machine (issue #19): any other forwards them there and hands back
// its answer as it came. A route says which machine it acts on with `config.machineOf`.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { OwnerAnswer } from './ownership';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the machine whose owner must answer this request (several instances, issue #19) */
    machineOf?: (request: FastifyRequest) => number | undefined;
  }
}

/**
 * Marks a forwarded request: its receiver answers it itself, whoever owns the machine by then.
 * Its value is a key the instances derive from the secret they share (JWT_SECRET), so only an
 * instance can mark a request; one marked otherwise is treated as not forwarded at all.
 */
export const FORWARDED_HEADER = 'x-reelcast-forwarded';

/** The mark's value: an HMAC of a fixed purpose under the shared secret (not the secret itself). */
export function forwardingKey(sharedSecret: string): string {
  return createHmac('sha256', sharedSecret).update('reelcast cluster forwarding v1').digest('hex');
}

/** Whether the request carries this cluster's mark (compared in constant time). */
export function markedForwarded(request: FastifyRequest, key: string): boolean {
  const value = request.headers[FORWARDED_HEADER];
  if (typeof value !== 'string') return false;
  const a = createHash('sha256').update(value).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}
/** The machine id of a route whose body names it as `machineId`. */
export const machineInBody = (request: FastifyRequest) =>
  (request.body as { machineId?: number } | undefined)?.machineId;
/** The machine id of a route whose path names it as `:machineId`. */
export const machineInParams = (request: FastifyRequest) =>
  Number((request.params as { machineId?: string } | undefined)?.machineId) || undefined;

/** What is passed on: who asks and what they send; the rest is the hop's own. */
const PASSED_HEADERS = ['authorization', 'cookie', 'content-type', 'accept-language', 'user-agent'];
const FORWARD_TIMEOUT_MS = 15_000;

export function forwardToOwners(
  app: FastifyInstance,
  ownerOf: (machineId: number) => Promise<OwnerAnswer>,
  key: string,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const machineId = request.routeOptions.config.machineOf?.(request);
    if (machineId === undefined || markedForwarded(request, key)) return;
    const owner = await ownerOf(machineId);
    // Nobody owns it now (its agent is between instances): answered here, as a machine away.
    if (!owner || owner.local) return;
    const headers: Record<string, string> = { [FORWARDED_HEADER]: key };
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The owner trusts this only from its TRUST_PROXY addresses, as it would from HAProxy.
    headers['x-forwarded-for'] = request.ip;
    try {
      const answer = await fetch(new URL(request.url, owner.url), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      reply.code(answer.status);
      const type = answer.headers.get('content-type');
      if (type) reply.header('content-type', type);
      return reply.send(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      request.log.warn({ err, machineId, owner: owner.url }, 'request to the owner failed');
      throw new AppError(ErrorCode.machineUnavailable, 503, { machineId });
    }
  });
}
