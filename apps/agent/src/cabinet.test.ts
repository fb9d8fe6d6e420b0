import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Egm, games } from '@reelcast/egm';
import type { AgentCommand, CabinetEvent } from '@reelcast/protocol/agent';
import { describe, expect, it } from 'vitest';
import { Cabinet } from './cabinet';
import { type CabinetMemory, Nvram } from './nvram';

const game = Object.values(games)[0]!;

/** A cabinet on an NVRAM directory; `restart()` is a new process reading the same one. */
function cabinetOn(dir = path.join(mkdtempSync(path.join(tmpdir(), 'agent-')), 'nvram')) {
  const events: CabinetEvent[] = [];
  const seqs: number[] = [];
  const nvram = new Nvram(dir);
  const cabinet = new Cabinet(7, game, nvram, (seq, e) => {
    seqs.push(seq);
    events.push(e);
  });
  return { cabinet, events, seqs, nvram, dir, restart: () => cabinetOn(dir) };
}

/** What the cabinet's NVRAM file holds on disk now. */
const onDisk = (dir: string, machineId = 7) => {
  const file = path.join(dir, `${machineId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CabinetMemory) : null;
};
const outcomesOnDisk = (dir: string) => onDisk(dir)?.outcomes.map(([id]) => id) ?? [];

const command = (requestId: string, operation: AgentCommand['operation']): AgentCommand => ({
  requestId,
  machineId: 7,
  operation,
});

describe('an agent cabinet', () => {
  it('applies a transfer once per request id, also after its agent restarts', async () => {
    const first = cabinetOn();
    const ack = await first.cabinet.command(
      command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }),
    );
    expect(ack).toMatchObject({ ok: true, amount: 500, replayed: false, state: { credits: 500 } });
    const again = await first.cabinet.command(
      command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }),
    );
    expect(again).toMatchObject({ ok: true, replayed: true, state: { credits: 500 } });
    expect(first.cabinet.state().credits).toBe(500);

    // A new process on the same NVRAM: the credits and the outcome are still there.
    const second = first.restart();
    expect(second.cabinet.state().credits).toBe(500);
    expect(second.cabinet.egm.meters.transferredIn).toBe(500);
    const replay = await second.cabinet.command(
      command('cashin-1-aaaa', { op: 'transferIn', amount: 500 }),
    );
    expect(replay).toMatchObject({ ok: true, replayed: true, amount: 500 });
    expect(second.cabinet.state().credits).toBe(500);
  });

  it('a cash-out retried after a restart answers the amount it moved, and moves nothing more', async () => {
    const first = cabinetOn();
    await first.cabinet.command(command('cashin-2-aaaa', { op: 'transferIn', amount: 300 }));
    const out = await first.cabinet.command(command('cashout-2-aaaa', { op: 'cashOut' }));
    expect(out).toMatchObject({ ok: true, amount: 300, state: { credits: 0 } });
    const second = first.restart();
    await second.cabinet.command(command('cashin-3-aaaa', { op: 'transferIn', amount: 100 }));
    const retried = await second.cabinet.command(command('cashout-2-aaaa', { op: 'cashOut' }));
    expect(retried).toMatchObject({ ok: true, amount: 300, replayed: true });
    expect(second.cabinet.state().credits).toBe(100);
    expect(second.cabinet.egm.meters.transferredOut).toBe(300);
  });

  it('a disabled cabinet refuses money and play, and remembers the refusal', async () => {
    const { cabinet } = cabinetOn();
    await cabinet.command(command('disable-aaaa', { op: 'disable', disabled: true }));
    const refused = await cabinet.command(
      command('cashin-4-aaaa', { op: 'transferIn', amount: 100 }),
    );
    expect(refused).toMatchObject({ ok: false, reason: 'Error: machine is disabled' });
    await cabinet.command(command('disable-bbbb', { op: 'disable', disabled: false }));
    // The same request id stays refused: it is not applied later by a retry.
    expect(
      await cabinet.command(command('cashin-4-aaaa', { op: 'transferIn', amount: 100 })),
    ).toEqual(refused);
    expect(cabinet.state().credits).toBe(0);
  });

  it('sends numbered events for what the cabinet does', async () => {
    const { cabinet, events } = cabinetOn();
    await cabinet.command(command('cashin-5-aaaa', { op: 'transferIn', amount: 1000 }));
    await cabinet.command(command('press-5-aaaa', { op: 'press', button: 'spin' }));
    expect(events.map((e) => e.type)).toContain('gameStarted');
    expect(events.at(-1)?.type).toBe('state');
  });

  it('answers a money command once its outcome is on disk, and a retry sent meanwhile after the same write', async () => {
    const { cabinet, dir } = cabinetOn();
    const answered: string[][] = [];
    const cashIn = command('cashin-6-aaaa', { op: 'transferIn', amount: 200 });
    const first = cabinet.command(cashIn).then((a) => {
      answered.push(outcomesOnDisk(dir));
      return a;
    });
    // The server retries before the first answer came: the cabinet has applied it in memory.
    const retry = cabinet.command(cashIn).then((a) => {
      answered.push(outcomesOnDisk(dir));
      return a;
    });
    expect(outcomesOnDisk(dir)).toEqual([]);
    expect(await first).toMatchObject({ ok: true, replayed: false, amount: 200 });
    expect(await retry).toMatchObject({ ok: true, replayed: true, amount: 200 });
    // Neither answer went out before the disk had the outcome.
    expect(answered).toEqual([['cashin-6-aaaa'], ['cashin-6-aaaa']]);
    expect(cabinet.state().credits).toBe(200);
  });

  it('writes asked for while one is under way go to disk together, each answered after', async () => {
    const { cabinet, nvram, restart } = cabinetOn();
    const acks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        cabinet.command(command(`cashin-7-${i}`, { op: 'transferIn', amount: 10 })),
      ),
    );
    expect(acks.every((a) => a.ok && !a.replayed)).toBe(true);
    // The first alone, the nineteen that came while it was written in the next: not 20 fsyncs.
    expect(nvram.writes).toBe(2);
    const again = restart();
    expect(again.cabinet.state().credits).toBe(200);
    expect(
      await again.cabinet.command(command('cashin-7-19', { op: 'transferIn', amount: 10 })),
    ).toMatchObject({ replayed: true });
  });

  it("a game's end goes out once written, and the events after it wait their turn", async () => {
    const { cabinet, events, seqs, nvram, dir } = cabinetOn();
    await cabinet.command(command('cashin-8-aaaa', { op: 'transferIn', amount: 1000 }));
    await cabinet.command(command('press-8-aaaa', { op: 'press', button: 'spin' }));
    await new Promise((r) => setTimeout(r, cabinet.egm.spinDurationMs + 50));
    const sent = events.length;
    cabinet.tick(); // the reels stop: the game is written, then told
    const written = onDisk(dir)!.meters;
    expect(events.slice(sent).map((e) => e.type)).not.toContain('gameEnded');
    // A state change after the game's end, while its write is under way, is not sent first.
    const pressed = cabinet.command(command('press-8-bbbb', { op: 'press', button: 'bet+' }));
    await new Promise((r) => setImmediate(r));
    expect(events.length).toBe(sent);
    await nvram.settled(7);
    await pressed;
    const after = events.slice(sent).map((e) => e.type);
    expect(after[0]).toBe('gameEnded');
    expect(after).toContain('state');
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(onDisk(dir)!.meters.gamesPlayed).toBe(written.gamesPlayed + 1);
  });

  it('an answer goes out after the events before it: a press does not overtake the last game', async () => {
    // The server takes an answer's state as the cabinet's. A spin pressed while the last game's
    // end waited for its write was answered first (spinning, the new bet taken), so the server
    // took that game's end for the new one's and cashed out a leaving player mid-game: the new
    // game was never recorded (bench:load, 10,000 players: 51 invariant violations).
    const heard: string[] = [];
    const cabinet = new Cabinet(8, game, new Nvram(cabinetOn().dir), (_seq, e) =>
      heard.push(e.type),
    );
    const on8 = (requestId: string, operation: AgentCommand['operation']) => ({
      ...command(requestId, operation),
      machineId: 8,
    });
    await cabinet.command(on8('cashin-9-aaaa', { op: 'transferIn', amount: 1000 }));
    await cabinet.command(on8('press-9-aaaa', { op: 'press', button: 'spin' }));
    await new Promise((r) => setTimeout(r, cabinet.egm.spinDurationMs + 50));
    heard.length = 0;
    cabinet.tick(); // the first game ends; its end waits for its write
    const pressed = cabinet
      .command(on8('press-9-bbbb', { op: 'press', button: 'spin' }))
      .then((ack) => heard.push(`answer ${ack.ok && ack.state.spinning}`));
    const out = cabinet
      .command(on8('cashout-9-aaaa', { op: 'cashOut' }))
      .then((ack) => heard.push(`answer ${ack.ok && ack.amount}`));
    await Promise.all([pressed, out]);
    const at = (type: string) => heard.indexOf(type);
    expect(at('gameEnded')).toBeGreaterThan(-1);
    expect(at('gameStarted')).toBeGreaterThan(at('gameEnded'));
    expect(at('answer true')).toBeGreaterThan(at('gameStarted'));
    // The cash-out's answer also comes after every event before it.
    expect(heard.at(-1)).toMatch(/^answer \d+$/);
  });

  it('journals each game in NVRAM until the server says it is recorded, and tells it after a restart', async () => {
    const first = cabinetOn();
    await first.cabinet.command(command('cashin-10-aaaa', { op: 'transferIn', amount: 1000 }));
    await first.cabinet.command(command('press-10-aaaa', { op: 'press', button: 'spin' }));
    await new Promise((r) => setTimeout(r, first.cabinet.egm.spinDurationMs + 50));
    first.cabinet.tick();
    await first.nvram.settled(7);
    const ended = first.events.find((e) => e.type === 'gameEnded');
    expect(ended).toMatchObject({ game: 1, creditsBefore: 1000 });
    // On disk with the game's end: a process that dies before the server hears of it keeps it.
    const second = first.restart();
    expect(second.cabinet.hello()).toMatchObject({ unrecorded: 1, epoch: first.cabinet.epoch });
    const [told] = second.cabinet.journalMessages();
    expect(told).toMatchObject({ last: true, resent: false });
    expect(told!.games).toEqual([
      expect.objectContaining({
        game: 1,
        creditsBefore: 1000,
        creditsAfter: second.cabinet.state().credits,
        latest: true,
      }),
    ]);
    // Said recorded: out of the journal, and out of NVRAM with the next write.
    second.cabinet.recorded([1]);
    expect(second.cabinet.hello().unrecorded).toBe(0);
    expect(second.cabinet.journalMessages()).toEqual([]);
    await second.cabinet.command(command('cashout-10-aaaa', { op: 'cashOut' }));
    expect(onDisk(second.dir)?.journal).toEqual([]);
    // The hello tells the cash-out, not undone, for the server to check against its ledger.
    expect(second.cabinet.hello().money.at(-1)).toMatchObject({
      requestId: 'cashout-10-aaaa',
      op: 'cashOut',
      undone: false,
    });
  });

  it('a write while a game is in play keeps the cabinet before it: killed then, the game is void', async () => {
    const first = cabinetOn();
    await first.cabinet.command(command('cashin-11-aaaa', { op: 'transferIn', amount: 100 }));
    await first.cabinet.command(command('press-11-aaaa', { op: 'press', button: 'spin' }));
    const bet = first.cabinet.state().bet;
    expect(first.cabinet.state()).toMatchObject({ spinning: true, credits: 100 - bet });
    // A cash-out mid-game moves nothing, but is written (sim:money: a restart found the bet off
    // the credits and no game to end, 10 cents gone).
    const out = await first.cabinet.command(command('cashout-11-aaaa', { op: 'cashOut' }));
    expect(out).toMatchObject({ ok: true, amount: 0 });
    const second = first.restart();
    expect(second.cabinet.state()).toMatchObject({ credits: 100, spinning: false });
    const m = second.cabinet.egm.meters;
    expect(m.coinIn - m.coinOut + m.currentCredits).toBe(m.transferredIn - m.transferredOut);
    expect(m.gamesPlayed).toBe(0);
  });

  it("moves an earlier agent's single NVRAM file into one file per cabinet", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'agent-'));
    const dir = path.join(root, 'nvram');
    const legacy = `${dir}.json`;
    const memory = (credits: number) => ({
      credits,
      bet: 1,
      meters: new Egm({ game }).meters,
      handPay: null,
      outcomes: [],
    });
    writeFileSync(legacy, JSON.stringify({ 7: memory(300), 8: memory(50) }));
    const nvram = new Nvram(dir, legacy);
    expect(nvram.recall(7)?.credits).toBe(300);
    expect(existsSync(legacy)).toBe(false);
    expect(onDisk(dir, 8)?.credits).toBe(50);
    expect(new Nvram(dir, legacy).recall(8)?.credits).toBe(50);
  });
});
