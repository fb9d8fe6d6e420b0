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
      read: () => Promise.reject(new Error('not read')),
      close: async () => {},
    };
    const reason = 'cash paid at the till';
    const first = await commands.withdraw!.run(['demo', '25'], { reason }, backend);
    expect(sent[0]).toMatchObject({
      path: '/staff/withdraw',
      body: { username: 'demo', amount: 2_500, reason },
    });
    expect(String(sent[0]!.body.idempotencyKey)).toMatch(/^cli-/);
    expect(first).toContain('withdraw of 25.00 done for demo');
    const again = await commands.withdraw!.run(
      ['demo', '25'],
      { key: 'till-7-0001', reason },
      backend,
    );
    expect(sent[1]!.body.idempotencyKey).toBe('till-7-0001');
    expect(again).toContain('already done');
    await expect(commands.deposit!.run([], { reason }, backend)).rejects.toThrow(CliError);
    // No reason, no movement: nothing is sent.
    await expect(commands.deposit!.run(['demo', '5'], {}, backend)).rejects.toThrow(/--reason/);
    expect(sent).toHaveLength(2);
  });

  it('sends hand pay resets and faults to the staff API and refuses bad arguments', async () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    const backend: Backend = {
      name: 'fake',
      async staff<T>(path: string, body: unknown) {
        sent.push({ path, body });
        return (
          path === '/staff/handpay-reset'
            ? { machineId: 3, sessionId: 8, playerId: 1, amount: 150_000, balance: 250_000 }
            : { machineId: 3, machineStatus: 'fault' }
        ) as T;
      },
      read: () => Promise.reject(new Error('not read')),
      close: async () => {},
    };
    const paid = await commands['handpay-reset']!.run(['3'], {}, backend);
    expect(paid).toContain('hand pay of 1500.00 on machine 3 paid to player 1');
    expect(await commands.fault!.run(['3', 'door', 'on'], {}, backend)).toContain('now fault');
    await commands.fault!.run(['3', 'offline', 'off'], {}, backend);
    expect(sent).toEqual([
      { path: '/staff/handpay-reset', body: { machineId: 3 } },
      { path: '/staff/machine-fault', body: { machineId: 3, fault: 'door', active: true } },
      { path: '/staff/machine-fault', body: { machineId: 3, fault: 'offline', active: false } },
    ]);
    for (const args of [
      [],
      ['x'],
      ['3', 'fire', 'on'],
      ['3', 'door', 'maybe'],
      ['0', 'door', 'on'],
    ]) {
      await expect(commands.fault!.run(args, {}, backend), args.join(' ')).rejects.toThrow(
        CliError,
      );
    }
    await expect(commands['handpay-reset']!.run(['-1'], {}, backend)).rejects.toThrow(CliError);
    expect(sent).toHaveLength(3);
  });

  it('shows a machine’s meters and says whether they reconcile with the ledger', async () => {
    const asked: string[] = [];
    let ledger = { cashIn: 7_000, cashOut: 6_990, handPay: 260_000 };
    const backend: Backend = {
      name: 'fake',
      staff: () => Promise.reject(new Error('not posted')),
      async read<T>(path: string) {
        asked.push(path);
        const meters = {
          coinIn: 40,
          coinOut: 30,
          jackpot: 260_000,
          handPaid: 260_000,
          currentCredits: 0,
          gamesPlayed: 5,
          gamesWon: 1,
          transferredIn: 7_000,
          transferredOut: 6_990,
          progressive: 260_000,
        };
        return { machineId: 5, meters, ledger } as T;
      },
      close: async () => {},
    };
    const shown = await commands.meters!.run(['5'], {}, backend);
    expect(asked).toEqual(['/staff/machines/5/meters']);
    expect(shown).toContain('coin in 0.40, coin out 0.30');
    expect(shown).toContain(
      'reconciled: cash in − (cash out + hand pay) = coin in − coin out − hand paid + credits = -2599.90',
    );
    ledger = { ...ledger, cashOut: 6_900 };
    expect(await commands.meters!.run(['5'], {}, backend)).toContain('NOT reconciled');
    await expect(commands.meters!.run(['x'], {}, backend)).rejects.toThrow(CliError);
  });
});
