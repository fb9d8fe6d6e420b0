import { describe, expect, it } from 'vitest';
import { type Backend, CliError, commands, parseAmount } from './cli';

describe('operator command line', () => {
  it('reads amounts in currency units as hundredths and refuses anything else', () => {
    expect(parseAmount('100')).toBe(10_000);
    expect(parseAmount('12.5')).toBe(1_250);
    expect(parseAmount('0.01')).toBe(1);
    for (const bad of ['0', '-5', '1.999', '1e3', '', 'ten', undefined]) {
      expect(() => parseAmount(bad), String(bad)).toThrow(CliError);
    }
  });

  it('sends a withdrawal as hundredths with a fresh key, or the one given for a retry', async () => {
    const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
    const backend: Backend = {
      name: 'fake',
      async staff<T>(path: string, body: unknown) {
        sent.push({ path, body: body as Record<string, unknown> });
        return { playerId: 1, balance: 5_000, entryId: 9, applied: sent.length === 1 } as T;
      },
      close: async () => {},
    };
    const first = await commands.withdraw!.run(['demo', '25'], {}, backend);
    expect(sent[0]).toMatchObject({
      path: '/staff/withdraw',
      body: { username: 'demo', amount: 2_500 },
    });
    expect(String(sent[0]!.body.idempotencyKey)).toMatch(/^cli-/);
    expect(first).toContain('withdraw of 25.00 done for demo');
    const again = await commands.withdraw!.run(['demo', '25'], { key: 'till-7-0001' }, backend);
    expect(sent[1]!.body.idempotencyKey).toBe('till-7-0001');
    expect(again).toContain('already done');
    await expect(commands.deposit!.run([], {}, backend)).rejects.toThrow(CliError);
  });
});
