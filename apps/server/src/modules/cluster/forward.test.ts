// A seat request forwarded to its machine's owner (issue #19), between two real Fastify servers
// on the loopback: one plays the owner, the other routes with a scripted lease. The mark a
// forwarded request carries is taken only from an instance: a caller who writes the header
// itself is forwarded like anyone else, and never makes a non-owner act on a seat it does not run.
import { ErrorCode } from '@reelcast/protocol/codes';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { FORWARDED_HEADER, forwardingKey, forwardToOwners, machineInBody } from './forward';
import type { OwnerAnswer } from './ownership';

const KEY = forwardingKey('the-cluster-shared-jwt-secret-long-enough!!');
const apps: FastifyInstance[] = [];

/** An instance whose POST /act answers who handled it, routing by `ownerOf`. */
async function instance(name: string, ownerOf: () => Promise<OwnerAnswer>, key = KEY) {
  const app = Fastify();
  apps.push(app);
  forwardToOwners(app, ownerOf, key);
  // As the app answers an AppError (http/error-handler.ts), without the rest of the app.
  app.setErrorHandler((err, _request, reply) =>
    err instanceof AppError
      ? reply.code(err.httpStatus).send(err.toBody())
      : reply.code(500).send(),
  );
  app.post('/act', { config: { machineOf: machineInBody } }, async (request) => ({
    servedBy: name,
    asked: request.body,
    who: request.headers.authorization,
  }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const act = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/act',
    headers: { authorization: 'Bearer player', ...headers },
    payload: { machineId: 7 },
  });

describe('a seat request on an instance that does not own the machine', () => {
  it('is answered by the owner, with who asked and what they sent', async () => {
    const owner = await instance('owner', async () => ({ local: true }));
    const other = await instance('other', async () => ({ local: false, url: owner.url }));
    const res = await act(other.app);
    expect(res.json()).toEqual({
      servedBy: 'owner',
      asked: { machineId: 7 },
      who: 'Bearer player',
    });
  });

  it('is still forwarded when the caller marks it forwarded itself', async () => {
    const owner = await instance('owner', async () => ({ local: true }));
    const other = await instance('other', async () => ({ local: false, url: owner.url }));
    for (const forged of ['1', 'true', KEY.slice(0, -1), `${KEY}0`, forwardingKey('guess')]) {
      const res = await act(other.app, { [FORWARDED_HEADER]: forged });
      expect(res.json().servedBy).toBe('owner');
    }
  });

  it('marked by an instance, is answered where it lands, not sent on again', async () => {
    // The lease moved while the request was on its way: the receiver thinks the sender owns it.
    const first = await instance('first', async () => ({
      local: false,
      url: 'http://127.0.0.1:9',
    }));
    const second = await instance('second', async () => ({ local: false, url: first.url }));
    const res = await act(second.app);
    expect(res.json().servedBy).toBe('first');
    // Another cluster's key (another JWT_SECRET) is no mark here.
    const stranger = await instance(
      'stranger',
      async () => ({ local: false, url: first.url }),
      forwardingKey('another cluster'),
    );
    const refused = await act(stranger.app);
    // Not handled by first, which does not own it: sent on to its owner, unreachable here.
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe(ErrorCode.machineUnavailable);
  });
});
