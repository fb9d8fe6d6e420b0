// An agent's cabinet as the seats see it, over a scripted link (the agent's end of the socket is
// the edge this unit test stands in for; the real agent process is in test/agent-*.test.ts).
import type { AgentCommand, CabinetHello, CommandAck } from '@reelcast/protocol/agent';
import { zeroMeters } from '@reelcast/protocol/floor';
import { describe, expect, it } from 'vitest';
import type { GameEnded } from '../floor/agent';
import { type AgentLink, RemoteCabinet } from './remote-cabinet';

const MACHINE = 3;

const hello = (over: Partial<CabinetHello> = {}): CabinetHello => ({
  machineId: MACHINE,
  game: 'classic',
  state: { status: 'idle', credits: 500, bet: 10, win: 0, spinning: false, autoplay: false },
  meters: { ...zeroMeters, transferredIn: 500, currentCredits: 500, gamesPlayed: 4 },
  pendingHandPay: null,
  epoch: 'epoch-test-0001',
  money: [],
  unrecorded: 0,
  ...over,
});

/** A link whose cabinet answers with `answer` (throwing: the answer never came). */
function linkAnswering(answer: (c: AgentCommand) => Partial<CommandAck> | Error) {
  const sent: AgentCommand[] = [];
  const recorded: number[][] = [];
  const link: AgentLink = {
    async command(c) {
      sent.push(c);
      const a = answer(c);
      if (a instanceof Error) throw a;
      return {
        ok: true,
        requestId: c.requestId,
        replayed: false,
        state: hello().state,
        meters: hello().meters,
        ...a,
      } as CommandAck;
    },
    gamesRecorded: (_machineId, games) => recorded.push(games),
    startVideo: () => {},
    stopVideo: () => {},
    videoSignal: async () => true,
  };
  return { link, sent, recorded };
}

const journalGame = (game: number, latest: boolean) => ({
  game,
  bet: 10,
  win: 0,
  handPay: false,
  stops: [1, 2, 3],
  grid: [['bar'], ['bar'], ['bar']],
  creditsBefore: 510,
  creditsAfter: 500,
  ageMs: 1500,
  latest,
});

describe('an agent’s cabinet', () => {
  it('takes no command until the journal its hello announced has been told', async () => {
    const cabinet = new RemoteCabinet(MACHINE);
    const { link, recorded } = linkAnswering(() => ({}));
    const games: GameEnded[] = [];
    cabinet.on('game-ended', (e) => games.push(e));
    cabinet.attach(link, hello({ unrecorded: 1 }));
    expect(cabinet.state().status).toBe('fault');
    await expect(cabinet.press('spin')).rejects.toMatchObject({ code: 40901 });

    cabinet.onJournal({
      machineId: MACHINE,
      games: [journalGame(4, true)],
      last: true,
      resent: false,
    });
    expect(cabinet.state().status).toBe('idle');
    expect(games).toEqual([
      expect.objectContaining({
        ref: `${MACHINE}:epoch-test-0001:4`,
        creditsAfter: 500,
        replay: { playedAt: expect.any(Date), latest: true },
      }),
    ]);
    // Its age, not the agent's clock, dates it.
    expect(Date.now() - games[0]!.replay!.playedAt.getTime()).toBeGreaterThanOrEqual(1500);
    games[0]!.recorded!();
    expect(recorded).toEqual([[4]]);
    // Told again later: recorded if it is not, its credits never taken (money may have moved).
    cabinet.onJournal({
      machineId: MACHINE,
      games: [journalGame(4, true)],
      last: false,
      resent: true,
    });
    expect(games[1]!.replay!.latest).toBe(false);
  });

  it('a reversal whose answer never came leaves the movement in doubt until the cabinet says', async () => {
    let linkUp = false;
    const cabinet = new RemoteCabinet(MACHINE);
    const { link, sent } = linkAnswering((c) => {
      if (c.operation.op === 'interrogate') return { replayed: true, amount: 200 };
      return linkUp ? {} : new Error('timed out');
    });
    cabinet.attach(link, hello());
    await expect(cabinet.cancelTransferIn(200, 'cashin-request-0001')).rejects.toThrow();
    expect(cabinet.state().status).toBe('fault');
    linkUp = true;
    await expect.poll(() => cabinet.state().status, { timeout: 3000 }).toBe('idle');
    // Asked about, then reversed under the same request id each time (the cabinet applies it once).
    expect(sent.some((c) => c.operation.op === 'interrogate')).toBe(true);
    const undos = sent.filter((c) => c.requestId === 'cashin-request-0001:undo');
    expect(undos.length).toBeGreaterThanOrEqual(2);
    for (const u of undos) expect(u.operation).toEqual({ op: 'cancelTransferIn', amount: 200 });
  });

  it('a meter snapshot is not taken for the mirror while a game is in play', () => {
    const cabinet = new RemoteCabinet(MACHINE);
    cabinet.attach(linkAnswering(() => ({})).link, hello());
    cabinet.onEvent(1, { type: 'gameStarted', bet: 10, credits: 490 });
    cabinet.onMeters({ ...hello().meters, coinIn: 10, gamesPlayed: 5 });
    expect(cabinet.meters().gamesPlayed).toBe(4);
    const meters = { ...hello().meters, coinIn: 10, coinOut: 20, gamesPlayed: 5 };
    cabinet.onEvent(2, {
      type: 'gameEnded',
      ...{ credits: 510, bet: 10, win: 20, handPay: false, stops: [1], grid: [['bar']] },
      ...{ game: 5, creditsBefore: 500, meters },
    });
    expect(cabinet.meters()).toEqual(meters);
  });
});
