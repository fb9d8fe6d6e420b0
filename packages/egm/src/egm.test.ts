import { describe, expect, it } from 'vitest';
import { Egm, type EgmOptions } from './egm';
import type { GameEndedEvent, GameStartedEvent } from './egm-events';
import { evaluate } from './game';
import { classicGame } from './games';
import { buttonLayout, buttonLayoutOf, buttons } from './layout';

/** An RNG that plays back the given games' stops, repeating the last game's forever. */
function scripted(...games: number[][]) {
  const queue = games.slice(0, -1).flat();
  const repeat = games[games.length - 1]!;
  let i = 0;
  return (max: number) => (queue.length ? queue.shift()! : repeat[i++ % repeat.length]!) % max;
}

const SEVENS = [0, 0, 0]; // 7-7-7 middle + BAR-BAR-BAR top: 330 × line bet
const LOSE = [1, 2, 1]; // no line wins

function machine(extra: Partial<EgmOptions> = {}) {
  let time = 10_000;
  const egm = new Egm({
    game: classicGame,
    rng: scripted(LOSE),
    now: () => time,
    ...extra,
  });
  const advance = (ms: number) => {
    time += ms;
    egm.tick();
  };
  return { egm, advance };
}

describe('Egm spin', () => {
  it('debits the bet at once and credits the win when the reels stop', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE) });
    const started: GameStartedEvent[] = [];
    const ended: GameEndedEvent[] = [];
    egm.on('game-started', (e) => started.push(e));
    egm.on('game-ended', (e) => ended.push(e));
    egm.transferIn(1_000);
    const before = egm.state.grid;

    expect(egm.press('spin')).toBe(true);
    expect(egm.state).toMatchObject({ credits: 990, bet: 10, win: 0, spinning: true });
    expect(egm.meters.coinIn).toBe(10);
    expect(egm.meters.gamesPlayed).toBe(1);
    expect(started).toEqual([{ bet: 10, stops: [0, 0, 0] }]);
    // The result is decided but not shown before the reels stop.
    expect(egm.state.grid).toEqual(before);

    advance(1_199);
    expect(egm.state.spinning).toBe(true);
    expect(egm.state.credits).toBe(990);
    expect(ended).toEqual([]);

    advance(1);
    const expected = evaluate(classicGame, [0, 0, 0], 10);
    expect(expected.win).toBe(660);
    expect(egm.state).toMatchObject({ credits: 990 + 660, win: 660, spinning: false });
    expect(egm.state.grid).toEqual(expected.grid);
    expect(egm.meters).toMatchObject({ coinIn: 10, coinOut: 660, gamesPlayed: 1, gamesWon: 1 });
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ bet: 10, win: 660, stops: [0, 0, 0], grid: expected.grid });
  });

  it('refuses to spin with fewer credits than the bet', () => {
    const { egm } = machine();
    let started = 0;
    egm.on('game-started', () => started++);
    expect(egm.press('spin')).toBe(false);
    egm.transferIn(5);
    expect(egm.press('spin')).toBe(false);
    expect(egm.state).toMatchObject({ credits: 5, spinning: false });
    expect(egm.meters.coinIn).toBe(0);
    expect(started).toBe(0);
  });

  it('refuses a second spin while the reels turn and resets the win meter on the next game', () => {
    const { egm, advance } = machine({ rng: scripted(SEVENS, LOSE) });
    egm.transferIn(100);
    egm.press('spin');
    expect(egm.press('spin')).toBe(false);
    expect(egm.state.credits).toBe(90);
    advance(1_200);
    expect(egm.state.win).toBe(660);
    egm.press('spin');
    expect(egm.state.win).toBe(0);
    advance(1_200);
    expect(egm.state).toMatchObject({ win: 0, credits: 90 + 660 - 10 });
    expect(egm.meters.gamesWon).toBe(1);
    expect(egm.meters.gamesPlayed).toBe(2);
  });

  it('draws each stop from the RNG within the strip (default crypto RNG)', () => {
    const egm = new Egm({ game: classicGame, spinDurationMs: 0 });
    const seen: number[][] = [];
    egm.on('game-started', (e) => seen.push(e.stops));
    egm.transferIn(10_000);
    for (let i = 0; i < 20; i++) {
      egm.press('spin');
      egm.tick();
    }
    expect(seen).toHaveLength(20);
    for (const stops of seen) for (const s of stops) expect(s >= 0 && s < 22).toBe(true);
  });

  it('throws rather than play with an RNG that goes out of range', () => {
    const egm = new Egm({ game: classicGame, rng: () => 22 });
    egm.transferIn(100);
    expect(() => egm.press('spin')).toThrow(/rng/);
    expect(egm.state.credits).toBe(100);
  });
});

describe('Egm bet', () => {
  it('steps through the bet levels and clamps at both ends', () => {
    const { egm } = machine();
    expect(egm.state.bet).toBe(10);
    expect(egm.press('bet-')).toBe(false);
    const seen = [egm.state.bet];
    while (egm.press('bet+')) seen.push(egm.state.bet);
    expect(seen).toEqual([10, 20, 50, 100, 200, 500]);
    expect(egm.press('bet+')).toBe(false);
    expect(egm.state.bet).toBe(500);
    expect(egm.press('bet-')).toBe(true);
    expect(egm.state.bet).toBe(200);
  });

  it('does not change the bet while spinning', () => {
    const { egm } = machine();
    egm.transferIn(100);
    egm.press('spin');
    expect(egm.press('bet+')).toBe(false);
    expect(egm.state.bet).toBe(10);
  });
});

describe('Egm money', () => {
  it('cashOut returns all credits and zeroes the meter', () => {
    const { egm } = machine();
    egm.transferIn(12_345);
    expect(egm.cashOut()).toBe(12_345);
    expect(egm.state.credits).toBe(0);
    expect(egm.meters).toMatchObject({ transferredIn: 12_345, transferredOut: 12_345 });
    expect(egm.cashOut()).toBe(0);
  });

  it('cashOut is refused while a spin is in progress', () => {
    const { egm, advance } = machine();
    egm.transferIn(500);
    egm.press('spin');
    expect(egm.cashOut()).toBe(0);
    expect(egm.state.credits).toBe(490);
    advance(1_200);
    expect(egm.cashOut()).toBe(490);
  });

  it('transferIn rejects zero, negative, fractional and non-finite amounts', () => {
    const { egm } = machine();
    for (const bad of [0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => egm.transferIn(bad), String(bad)).toThrow(RangeError);
    expect(egm.state.credits).toBe(0);
    expect(egm.meters.transferredIn).toBe(0);
  });

  it('collect asks for a cash-out only when there are credits', () => {
    const { egm } = machine();
    let asked = 0;
    egm.on('cashout-button', () => asked++);
    expect(egm.press('collect')).toBe(false);
    egm.transferIn(100);
    expect(egm.press('collect')).toBe(true);
    expect(asked).toBe(1);
    // The machine itself does not move money: the server cashes out through its ledger.
    expect(egm.state.credits).toBe(100);
  });

  it('emits change with the new state on every visible change', () => {
    const { egm } = machine();
    const states: number[] = [];
    egm.on('change', (s) => states.push(s.credits));
    egm.transferIn(100);
    egm.press('spin');
    egm.press('bet+'); // refused: no change
    expect(states).toEqual([100, 90]);
  });
});

describe('Egm touch', () => {
  const centre = (r: { x: number; y: number; w: number; h: number }) =>
    [r.x + r.w / 2, r.y + r.h / 2] as const;

  it('pressing the SPIN rectangle starts a game', () => {
    const { egm } = machine();
    egm.transferIn(100);
    expect(egm.touch(...centre(buttonLayout.spin))).toBe('spin');
    expect(egm.state.spinning).toBe(true);
  });

  it('a touch on the BET + rectangle raises the bet', () => {
    const { egm } = machine();
    expect(egm.touch(...centre(buttonLayout['bet+']))).toBe('bet+');
    expect(egm.state.bet).toBe(20);
  });

  it('reads touches on the layout the screen shows', () => {
    const { egm } = machine();
    egm.transferIn(100);
    const portrait = buttonLayoutOf('portrait');
    // Portrait SPIN sits where landscape has no button; portrait BET + where landscape has SPIN.
    expect(egm.touch(...centre(portrait.spin))).toBeNull();
    expect(egm.touch(...centre(buttonLayout.spin))).toBe('spin');
    const { egm: upright } = machine();
    upright.transferIn(100);
    expect(upright.setLayout('portrait')).toBe(true);
    expect(upright.setLayout('portrait')).toBe(false);
    for (const b of buttons) expect(upright.touch(...centre(portrait[b])), b).toBe(b);
    expect(upright.state.spinning).toBe(true);
    expect(() => upright.setLayout('sideways' as 'portrait')).toThrow(RangeError);
  });

  it('counts any touch, transfer or game as activity (what attract mode waits from)', () => {
    const { egm, advance } = machine();
    const start = egm.lastActivityAt;
    advance(5000);
    expect(egm.lastActivityAt).toBe(start);
    egm.touch(0.5, 0.3);
    expect(egm.lastActivityAt).toBe(start + 5000);
    advance(1000);
    egm.transferIn(100);
    expect(egm.lastActivityAt).toBe(start + 6000);
    egm.press('spin');
    advance(5000);
    egm.tick(); // the reels stop: idle from here
    expect(egm.state.spinning).toBe(false);
    expect(egm.lastActivityAt).toBe(start + 11_000);
  });

  it('a touch outside every button returns null and changes nothing', () => {
    const { egm } = machine();
    egm.transferIn(100);
    const before = egm.state;
    for (const [x, y] of [
      [0.5, 0.3], // the reels
      [0.01, 0.99], // the frame-stamp strip
      [0.5, 0.7], // the meters
    ] as const)
      expect(egm.touch(x, y)).toBeNull();
    expect(egm.state).toEqual(before);
  });
});

describe('Egm autoplay', () => {
  it('keeps spinning until the credits fall below the bet, then stops', () => {
    const { egm, advance } = machine({ autoplayDelayMs: 300 });
    let games = 0;
    egm.on('game-started', () => games++);
    egm.transferIn(30);
    expect(egm.press('auto')).toBe(true);
    expect(egm.state).toMatchObject({ autoplay: true, spinning: true });
    for (let i = 0; i < 200 && (egm.state.autoplay || egm.state.spinning); i++) advance(50);
    expect(games).toBe(3);
    expect(egm.state).toMatchObject({ credits: 0, autoplay: false, spinning: false });
  });

  it('pauses between games so the result can be seen', () => {
    const { egm, advance } = machine({ autoplayDelayMs: 500 });
    egm.transferIn(100);
    egm.press('auto');
    advance(1_200);
    expect(egm.state.spinning).toBe(false);
    advance(499);
    expect(egm.state.spinning).toBe(false);
    advance(1);
    expect(egm.state.spinning).toBe(true);
    expect(egm.state.credits).toBe(80);
  });

  it('stops when AUTO is pressed again, letting the current game finish', () => {
    const { egm, advance } = machine({ autoplayDelayMs: 0 });
    egm.transferIn(100);
    egm.press('auto');
    expect(egm.press('auto')).toBe(true);
    expect(egm.state).toMatchObject({ autoplay: false, spinning: true });
    advance(1_200);
    advance(1_200);
    expect(egm.state).toMatchObject({ spinning: false, credits: 90 });
  });

  it('setAutoplay(false) stops autoplay and does nothing when already off', () => {
    const { egm } = machine();
    egm.transferIn(100);
    expect(egm.setAutoplay(false)).toBe(false);
    expect(egm.setAutoplay(true)).toBe(true);
    expect(egm.setAutoplay(true)).toBe(false);
    expect(egm.setAutoplay(false)).toBe(true);
    expect(egm.state.autoplay).toBe(false);
  });

  it('will not start without credits for a game', () => {
    const { egm } = machine();
    expect(egm.press('auto')).toBe(false);
    expect(egm.state.autoplay).toBe(false);
  });
});
