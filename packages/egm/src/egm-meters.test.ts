import { describe, expect, it } from 'vitest';
import { Egm, type EgmOptions, EgmUnavailableError, RECALL_GAMES } from './egm';
import type { EgmEvents } from './egm-events';
import { classicGame, videoGame } from './games';
import { seededRng } from './rng';

/** An RNG that plays back the given games' stops, repeating the last game's forever. */
function scripted(...games: number[][]) {
  const queue = games.slice(0, -1).flat();
  const repeat = games[games.length - 1]!;
  let i = 0;
  return (max: number) => (queue.length ? queue.shift()! : repeat[i++ % repeat.length]!) % max;
}

const SEVENS = [0, 0, 0]; // 330 × line bet: 660 at a bet of 10
const LOSE = [1, 2, 1];

function machine(extra: Partial<EgmOptions> = {}) {
  let time = 10_000;
  const egm = new Egm({ game: classicGame, rng: scripted(LOSE), now: () => time, ...extra });
  const events: Array<[string, unknown]> = [];
  const names: Array<keyof EgmEvents> = [
    'game-started',
    'game-ended',
    'cashout-button',
    'hand-pay-pending',
    'hand-pay-reset',
    'progressive-win',
    'transfer-complete',
    'door-open',
    'door-closed',
    'tilt',
    'tilt-cleared',
  ];
  for (const name of names)
    egm.on(name, (...args: unknown[]) => {
      events.push([name, args[0]]);
    });
  const advance = (ms: number) => {
    time += ms;
    egm.tick();
  };
  const seen = () => events.map(([name]) => name);
  return { egm, advance, events, seen };
}

/** The identities the meters keep (see Meters in egm-events.ts). */
function expectReconciled(egm: Egm) {
  const m = egm.meters;
  const s = egm.state;
  expect(m.currentCredits).toBe(s.credits);
  expect(m.transferredIn - m.transferredOut).toBe(m.coinIn - m.coinOut + s.credits);
  expect(m.jackpot - m.handPaid).toBe(s.handPay);
  // The ledger's view: cash in − (cash out + hand pays).
  expect(m.transferredIn - (m.transferredOut + m.handPaid)).toBe(
    m.coinIn - m.coinOut - m.handPaid + s.credits,
  );
}

describe('Egm hand pay', () => {
  it('locks the machine with a win at the limit instead of crediting it, until reset', () => {
    const { egm, advance, events, seen } = machine({
      rng: scripted(SEVENS, LOSE),
      handPayLimit: 660,
    });
    egm.transferIn(1_000);
    egm.press('spin');
    advance(1_200);
    expect(egm.state).toMatchObject({
      status: 'handpay',
      credits: 990,
      win: 660,
      handPay: 660,
      spinning: false,
    });
    expect(egm.meters).toMatchObject({ coinIn: 10, coinOut: 0, jackpot: 660, handPaid: 0 });
    expect(egm.meters.gamesWon).toBe(1);
    expect(events.find(([n]) => n === 'game-ended')?.[1]).toMatchObject({
      win: 660,
      handPay: true,
    });
    expect(events.at(-1)).toEqual(['hand-pay-pending', { amount: 660, source: 'game' }]);
    expectReconciled(egm);

    // Locked: nothing plays, bets, collects or cashes out; no money comes in.
    for (const b of ['spin', 'bet+', 'bet-', 'auto', 'collect'] as const)
      expect(egm.press(b), b).toBe(false);
    expect(egm.setAutoplay(true)).toBe(false);
    expect(egm.cashOut()).toBe(0);
    expect(() => egm.transferIn(100)).toThrow(EgmUnavailableError);
    expect(egm.state.credits).toBe(990);

    expect(egm.resetHandPay()).toBe(660);
    expect(seen().at(-1)).toBe('hand-pay-reset');
    expect(egm.state).toMatchObject({ status: 'idle', handPay: 0, credits: 990 });
    expect(egm.meters).toMatchObject({ jackpot: 660, handPaid: 660 });
    expect(egm.resetHandPay()).toBe(0);
    expectReconciled(egm);
    expect(egm.press('spin')).toBe(true);
  });

  it('credits a win just under the limit', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE), handPayLimit: 661 });
    egm.transferIn(1_000);
    egm.press('spin');
    advance(1_200);
    expect(egm.state).toMatchObject({ status: 'idle', credits: 1_650, handPay: 0 });
    expect(egm.meters).toMatchObject({ coinOut: 660, jackpot: 0 });
  });

  it('stops autoplay on a hand pay', () => {
    const { egm, advance } = machine({
      rng: scripted(LOSE, SEVENS, LOSE),
      handPayLimit: 500,
      autoplayDelayMs: 0,
    });
    egm.transferIn(1_000);
    egm.press('auto');
    for (let i = 0; i < 10; i++) advance(1_200);
    expect(egm.state).toMatchObject({ status: 'handpay', autoplay: false, credits: 980 });
    expect(egm.meters.gamesPlayed).toBe(2);
  });

  it('starts locked when restored with a hand pay pending', () => {
    const egm = new Egm({
      game: classicGame,
      credits: 500,
      handPay: 70_000,
      meters: { jackpot: 70_000, transferredIn: 500 },
    });
    expect(egm.state.status).toBe('handpay');
    expect(egm.press('spin')).toBe(false);
    expect(egm.resetHandPay()).toBe(70_000);
    expectReconciled(egm);
  });
});

describe('Egm meters reloaded from another host', () => {
  it('takes the saved meters, empties the credits and the hand pay; refuses mid-game', () => {
    const { egm, advance } = machine({ handPayLimit: 10_000 });
    egm.transferIn(500);
    egm.awardProgressive(20_000);
    expect(egm.press('spin')).toBe(false);
    expect(egm.resetHandPay()).toBe(20_000);
    expect(egm.press('spin')).toBe(true);
    expect(() => egm.reloadMeters({ transferredIn: 900 })).toThrow(EgmUnavailableError);
    advance(5_000);
    egm.awardProgressive(30_000);
    // What another host saved: 900 on, 300 played, 100 won, 700 taken off; no hand pay.
    const saved = { transferredIn: 900, coinIn: 300, coinOut: 100, transferredOut: 700 };
    egm.reloadMeters(saved);
    expect(egm.meters).toMatchObject({ ...saved, jackpot: 0, handPaid: 0, currentCredits: 0 });
    expect(egm.state).toMatchObject({ status: 'idle', credits: 0, handPay: 0 });
    expectReconciled(egm);
    expect(() => egm.reloadMeters({ coinIn: -1 })).toThrow(RangeError);
  });
});

describe('Egm progressive awards', () => {
  it('credits an award under the limit and hand pays one at or over it', () => {
    const { egm, events } = machine({ handPayLimit: 10_000 });
    egm.transferIn(100);
    expect(egm.awardProgressive(2_500, 'mini')).toBe('credited');
    expect(egm.state).toMatchObject({ credits: 2_600, status: 'idle' });
    expect(egm.meters).toMatchObject({ coinOut: 2_500, progressive: 2_500, jackpot: 0 });
    expect(events.at(-1)).toEqual([
      'progressive-win',
      { amount: 2_500, level: 'mini', handPay: false },
    ]);
    expectReconciled(egm);

    expect(egm.awardProgressive(50_000, 'grand')).toBe('hand-pay');
    expect(egm.state).toMatchObject({ credits: 2_600, status: 'handpay', handPay: 50_000 });
    expect(egm.meters).toMatchObject({ coinOut: 2_500, progressive: 52_500, jackpot: 50_000 });
    expect(events.slice(-2).map(([n]) => n)).toEqual(['progressive-win', 'hand-pay-pending']);
    expectReconciled(egm);
    expect(egm.resetHandPay()).toBe(50_000);
    expectReconciled(egm);
    expect(() => egm.awardProgressive(0)).toThrow(RangeError);
  });
});

describe('Egm faults', () => {
  it('refuses play with the door open, keeps the credits, and resumes when it closes', () => {
    const { egm, seen } = machine();
    egm.transferIn(500);
    expect(egm.setDoor(true)).toBe(true);
    expect(egm.setDoor(true)).toBe(false);
    expect(egm.state).toMatchObject({ status: 'fault', doorOpen: true, credits: 500 });
    expect(egm.press('spin')).toBe(false);
    expect(egm.press('bet+')).toBe(false);
    expect(() => egm.transferIn(100)).toThrow(EgmUnavailableError);
    expect(egm.setDoor(false)).toBe(true);
    expect(egm.state.status).toBe('idle');
    expect(egm.press('spin')).toBe(true);
    expect(seen()).toEqual(['transfer-complete', 'door-open', 'door-closed', 'game-started']);
  });

  it('lets a game under way finish and pay, and lets the player cash out, while faulted', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE) });
    egm.transferIn(100);
    egm.press('auto');
    egm.tilt('reel 2 jam');
    expect(egm.state).toMatchObject({
      status: 'fault',
      tilt: 'reel 2 jam',
      spinning: true,
      autoplay: false,
    });
    advance(1_200);
    expect(egm.state).toMatchObject({ status: 'fault', spinning: false, credits: 750 });
    expect(egm.cashOut()).toBe(750);
    expectReconciled(egm);
    expect(egm.clearTilt()).toBe(true);
    expect(egm.clearTilt()).toBe(false);
    expect(egm.state.status).toBe('idle');
    expect(() => egm.tilt(' ')).toThrow(RangeError);
  });

  it('takes back a cash-out the host refused, even while faulted, with the meters as before', () => {
    const { egm } = machine();
    egm.transferIn(500);
    const before = egm.meters;
    expect(egm.cashOut()).toBe(500);
    egm.setDoor(true);
    // The wallet refused the posting: the credits go back, not into thin air.
    egm.cancelCashOut(500);
    expect(egm.state.credits).toBe(500);
    expect(egm.meters).toEqual(before);
    expectReconciled(egm);
    expect(() => egm.cancelCashOut(1)).toThrow(RangeError);
  });

  it('reports the fault first when a hand pay is also pending', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE), handPayLimit: 100 });
    egm.transferIn(100);
    egm.press('spin');
    advance(1_200);
    egm.setDoor(true);
    expect(egm.state).toMatchObject({ status: 'fault', handPay: 660 });
    // An attendant pays with the door open.
    expect(egm.resetHandPay()).toBe(660);
    expect(egm.state.status).toBe('fault');
    egm.setDoor(false);
    expect(egm.state.status).toBe('idle');
  });
});

describe('Egm meters and events', () => {
  it('reports transfers as complete and refuses a cash-out during a game', () => {
    const { egm, events } = machine();
    egm.transferIn(300);
    egm.press('spin');
    expect(egm.cashOut()).toBe(0);
    expect(events.filter(([n]) => n === 'transfer-complete').map(([, e]) => e)).toEqual([
      { direction: 'to-machine', amount: 300 },
    ]);
  });

  it('keeps the meters reconciled through a long random session', () => {
    const rng = seededRng(99);
    const { egm, advance } = machine({
      game: videoGame,
      rng: seededRng(7),
      handPayLimit: 2_000,
      autoplayDelayMs: 0,
    });
    let cashedOut = 0;
    let handPaid = 0;
    for (let step = 0; step < 3_000; step++) {
      const action = rng(100);
      const { status } = egm.state;
      if (action < 5 && status !== 'handpay' && status !== 'fault') egm.transferIn(1 + rng(5_000));
      else if (action < 7) cashedOut += egm.cashOut();
      else if (action < 10) handPaid += egm.resetHandPay();
      else if (action < 11) egm.awardProgressive(1 + rng(4_000));
      else if (action < 12) egm.setDoor(!egm.state.doorOpen);
      else if (action < 13) {
        if (egm.state.tilt) egm.clearTilt();
        else egm.tilt('coin jam');
      } else if (action < 20) egm.press(rng(2) ? 'bet+' : 'bet-');
      else if (action < 60) egm.press('spin');
      else advance(rng(1_500));
      expectReconciled(egm);
    }
    const m = egm.meters;
    expect(m.transferredOut).toBe(cashedOut);
    expect(m.handPaid).toBe(handPaid);
    expect(m.gamesPlayed).toBeGreaterThan(50);
    expect(m.jackpot).toBeGreaterThan(0);
  });

  it('keeps the last games for recall, each logged when its outcome was drawn', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE), autoplayDelayMs: 0 });
    egm.transferIn(1_000);
    egm.press('spin');
    expect(egm.recall).toEqual([
      { startedAt: 10_000, bet: 10, stops: SEVENS, win: 660, handPay: false },
    ]);
    egm.press('auto');
    for (let i = 0; i < 15; i++) advance(1_200);
    egm.press('auto');
    expect(egm.recall).toHaveLength(RECALL_GAMES);
    expect(egm.recall.at(-1)).toMatchObject({ stops: LOSE, win: 0 });
  });
});

describe('Egm restored after a host restart', () => {
  /** Plays a machine to a hand pay with credits left, then "restarts" it from its meters. */
  function beforeAndAfter() {
    const first = machine({ rng: scripted(SEVENS, LOSE), handPayLimit: 660 });
    first.egm.transferIn(1_000);
    first.egm.press('spin');
    first.advance(1_200);
    const { currentCredits, ...saved } = first.egm.meters;
    const restarted = machine({ meters: saved });
    return { before: first.egm, after: restarted, currentCredits };
  }

  it('puts credits back without counting a transfer or raising its event', () => {
    const { before, after, currentCredits } = beforeAndAfter();
    after.egm.restoreCredits(currentCredits);
    after.egm.restoreHandPay(before.state.handPay);
    expect(after.egm.state).toMatchObject({ credits: 990, handPay: 660, status: 'handpay' });
    expect(after.egm.meters).toEqual(before.meters);
    expect(after.seen()).toEqual([]);
    expectReconciled(after.egm);
  });

  it('counts a restored hand pay once, whether or not the meters already had it', () => {
    const { after } = beforeAndAfter();
    after.egm.restoreCredits(990);
    after.egm.restoreHandPay(660);
    expect(after.egm.meters.jackpot).toBe(660);
    // No saved meters (the first start with this version): the lock is counted on restore.
    const fresh = machine();
    fresh.egm.restoreHandPay(660);
    expect(fresh.egm.meters).toMatchObject({ jackpot: 660, handPaid: 0 });
    expectReconciled(fresh.egm);
  });

  it('then plays and pays on from the restored meters', () => {
    const { after } = beforeAndAfter();
    after.egm.restoreCredits(990);
    after.egm.restoreHandPay(660);
    expect(after.egm.resetHandPay()).toBe(660);
    after.egm.press('spin');
    after.advance(1_200);
    expect(after.egm.cashOut()).toBe(980);
    expect(after.egm.meters).toMatchObject({
      coinIn: 20,
      jackpot: 660,
      handPaid: 660,
      gamesPlayed: 2,
      transferredIn: 1_000,
      transferredOut: 980,
    });
    expectReconciled(after.egm);
  });

  it('refuses to restore credits over a game in play or a bad amount', () => {
    const { egm } = machine();
    expect(() => egm.restoreCredits(-1)).toThrow(RangeError);
    expect(() => egm.restoreCredits(1.5)).toThrow(RangeError);
    egm.restoreCredits(100);
    egm.press('spin');
    expect(() => egm.restoreCredits(500)).toThrow(EgmUnavailableError);
    expect(egm.state.credits).toBe(90);
  });
});
