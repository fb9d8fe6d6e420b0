// §8 20000: every success answer that carries a code carries 20000 'Request successful', so the
// client can treat any other code as a refusal (staff, account, lobby and logout answers alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokenFor } from './support';

const success = { code: 20000, ErrorMessage: 'Request successful' };

describe('success answers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  async function post(token: string, url: string, payload?: Record<string, unknown>) {
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    expect([url, res.statusCode]).toEqual([url, 200]);
    return res.json();
  }

  it('answer 20000 with the same text on every route that answers a code', async () => {
    const player = await tokenFor(server, 'demo2');
    const staff = await tokenFor(server, 'staff');

    expect(await post(player, '/player/pin', { password: 'demo1234', pin: '4321' })).toMatchObject(
      success,
    );
    expect(await post(player, '/player/reserve', { machineId: 4 })).toMatchObject(success);
    expect(await post(player, '/player/reserve/release')).toMatchObject(success);
    expect(
      await post(staff, '/staff/deposit', {
        username: 'demo2',
        amount: 1_000,
        idempotencyKey: 'success-code-1',
        reason: 'success code test',
      }),
    ).toMatchObject(success);
    for (const active of [true, false]) {
      expect(
        await post(staff, '/staff/machine-fault', { machineId: 9, fault: 'door', active }),
      ).toMatchObject(success);
    }
    expect(await post(player, '/player/logout')).toMatchObject(success);
  });
});
