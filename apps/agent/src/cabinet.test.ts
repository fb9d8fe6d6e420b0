import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { games } from '@reelcast/egm';
import type { AgentCommand, CabinetEvent } from '@reelcast/protocol/agent';
import { describe, expect, it } from 'vitest';
import { Cabinet } from './cabinet';
import { Nvram } from './nvram';

const game = Object.values(games)[0]!;

/** A cabinet on an NVRAM file; `restart()` is a new process reading the same file. */
function cabinetOn(file = path.join(mkdtempSync(path.join(tmpdir(), 'agent-')), 'nvram.json')) {
  const events: CabinetEvent[] = [];
  const cabinet = new Cabinet(7, game, new Nvram(file), (_seq, e) => events.push(e));
  return { cabinet, events, restart: () => cabinetOn(file) };
}

const command = (requestId: string, operation: AgentCommand['operation']): AgentCommand => ({
  requestId,
  machineId: 7,
  operation,
});

describe('an agent cabinet', () => {
  it('applies a transfer once per request id, also after its agent restarts', () => {
    const first = cabinetOn();
    const ack = first.cabinet.command(command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }));
    expect(ack).toMatchObject({ ok: true, amount: 500, replayed: false, state: { credits: 500 } });
    const again = first.cabinet.command(
      command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }),
    );
    expect(again).toMatchObject({ ok: true, replayed: true, state: { credits: 500 } });
    expect(first.cabinet.state().credits).toBe(500);

    // A new process on the same NVRAM: the credits and the outcome are still there.
    const second = first.restart();
    expect(second.cabinet.state().credits).toBe(500);
    expect(second.cabinet.egm.meters.transferredIn).toBe(500);
    const replay = second.cabinet.command(
      command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }),
    );
    expect(replay).toMatchObject({ ok: true, replayed: true, amount: 500 });
    expect(second.cabinet.state().credits).toBe(500);
  });

  it('a cash-out retried after a restart answers the amount it moved, and moves nothing more', () => {
    const first = cabinetOn();
    first.cabinet.command(command('cashin-2-aaaa', { op: 'transferIn', amount: 300 }));
    const out = first.cabinet.command(command('cashout-2-aaaa', { op: 'cashOut' }));
    expect(out).toMatchObject({ ok: true, amount: 300, state: { credits: 0 } });
    const second = first.restart();
    second.cabinet.command(command('cashin-3-aaaa', { op: 'transferIn', amount: 100 }));
    const retried = second.cabinet.command(command('cashout-2-aaaa', { op: 'cashOut' }));
    expect(retried).toMatchObject({ ok: true, amount: 300, replayed: true });
    expect(second.cabinet.state().credits).toBe(100);
    expect(second.cabinet.egm.meters.transferredOut).toBe(300);
  });

  it('a disabled cabinet refuses money and play, and remembers the refusal', () => {
    const { cabinet } = cabinetOn();
    cabinet.command(command('disable-aaaa', { op: 'disable', disabled: true }));
    const refused = cabinet.command(command('cashin-4-aaaa', { op: 'transferIn', amount: 100 }));
    expect(refused).toMatchObject({ ok: false, reason: 'Error: machine is disabled' });
    cabinet.command(command('disable-bbbb', { op: 'disable', disabled: false }));
    // The same request id stays refused: it is not applied later by a retry.
    expect(cabinet.command(command('cashin-4-aaaa', { op: 'transferIn', amount: 100 }))).toEqual(
      refused,
    );
    expect(cabinet.state().credits).toBe(0);
  });

  it('sends numbered events for what the cabinet does', () => {
    const { cabinet, events } = cabinetOn();
    cabinet.command(command('cashin-5-aaaa', { op: 'transferIn', amount: 1000 }));
    cabinet.command(command('press-5-aaaa', { op: 'press', button: 'spin' }));
    expect(events.map((e) => e.type)).toContain('gameStarted');
    expect(events.at(-1)?.type).toBe('state');
  });
});
