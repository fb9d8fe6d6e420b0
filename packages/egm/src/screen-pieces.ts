// Everything drawn over the background for the machine's state now, in drawing order: the reels to
// the pixel, the win presentation or attract mode, notices, the chasing bulbs, the meters and the
// buttons. Each piece carries a key of everything its pixels depend on (screen.ts compares them).
import { BUTTON_PAD, type ButtonVariant } from './art-controls';
import { ATTRACT_STEP_MS } from './attract';
import type { Ctx } from './draw-kit';
import type { EgmState } from './egm-events';
import { type Button, buttons, type MeterName } from './layout';
import { formatMoney } from './money';
import { reelMotion } from './reel-motion';
import type { Piece } from './screen-regions';
import { addAttract, addNotice, addPill, addWin, type Scene } from './screen-win';
import { SANS } from './symbols';

const PRESS_FEEDBACK_MS = 180;
/** Decorative win animations (the pulse of the winning symbols, the WIN meter glow) step this often. */
const WIN_STEP_MS = 100;

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** Reel r with the strip `py` design pixels down from stop 0 at the top of the window. */
function drawReel(ctx: Ctx, sc: Scene, r: number, py: number, blurred: boolean): void {
  const { game, art } = sc;
  const g = art.geometry;
  const strip = game.reels[r]!;
  const x = g.x[r]!;
  ctx.beginPath();
  ctx.rect(x, g.top, g.w, art.geo.reelWindow.h);
  ctx.clip();
  ctx.drawImage(art.reelBack, x, g.top);
  const i0 = Math.floor(py / g.rowH);
  for (let i = i0; i <= i0 + game.rows; i++) {
    const sprite = art.symbols.get(strip[mod(i, strip.length)]!);
    if (sprite) ctx.drawImage(blurred ? sprite.blur : sprite.sharp, x, g.top + i * g.rowH - py);
  }
  ctx.drawImage(art.reelShade, x, g.top);
}

function addReels(out: Piece[], sc: Scene, t: number): void {
  const { egm, game } = sc;
  const spin = egm.spin;
  const stops = egm.stops;
  const above = Math.floor(game.rows / 2);
  for (let r = 0; r < game.reels.length; r++) {
    let position = stops[r]!;
    let speed = 0;
    if (spin) {
      const m = reelMotion(
        r,
        game.reels.length,
        spin.durationMs,
        t - spin.startedAt,
        spin.fromStops[r]!,
        spin.stops[r]!,
        game.reels[r]!.length,
      );
      position = m.position;
      speed = m.speed;
    }
    const py = Math.round((position - above) * sc.art.geometry.rowH);
    const blurred = speed > 6;
    out.push({
      id: `reel${r}`,
      key: `${py}${blurred ? 'b' : ''}`,
      box: sc.s.reelBoxes[r]!,
      opaque: sc.s.reelInside[r]!,
      draw: (ctx) => drawReel(ctx, sc, r, py, blurred),
    });
  }
}

/**
 * Chasing lights: fast while spinning, all flashing on a win, slow otherwise; in attract mode a
 * pair of lights runs across the top, from left to right.
 */
function addBulbs(
  out: Piece[],
  sc: Scene,
  nowMs: number,
  flash: boolean | null,
  attract: number | null,
) {
  const { left, right, y } = sc.art.geo.bulbs;
  const step = Math.floor(nowMs / (sc.egm.spin ? 70 : 260));
  const run = left.length + right.length + 2;
  const attractStep = attract === null ? 0 : Math.floor(attract / ATTRACT_STEP_MS);
  for (const side of ['left', 'right'] as const) {
    const xs = side === 'left' ? left : right;
    const on = xs.map((_, j) => {
      if (attract !== null) {
        const at = side === 'left' ? j : left.length + 2 + j;
        return mod(attractStep - at, run) < 2;
      }
      return flash ?? (step + (side === 'left' ? j : xs.length - 1 - j)) % 3 === 0;
    });
    const { bulbOn, bulbOff } = sc.art;
    out.push({
      id: `bulbs-${side}`,
      key: on.map((o) => (o ? 1 : 0)).join(''),
      box: sc.s.bulbBoxes[side],
      plain: true,
      draw: (ctx) => {
        xs.forEach((x, j) => {
          ctx.drawImage(on[j] ? bulbOn : bulbOff, x - 10, y - 10);
        });
      },
    });
  }
}

function addMeter(
  out: Piece[],
  sc: Scene,
  id: MeterName,
  value: string,
  colour: string,
  glow: number,
) {
  const r = sc.art.geo.meters[id];
  out.push({
    id,
    key: `${value}|${colour}|${glow}`,
    box: sc.s.meterBoxes[id],
    draw: (ctx) => {
      if (glow > 0) {
        ctx.fillStyle = `rgba(255,190,40,${0.28 * glow})`;
        ctx.beginPath();
        ctx.roundRect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, 8);
        ctx.fill();
      }
      ctx.font = `bold 25px ${SANS}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = colour;
      // Narrowed to fit, and the digits stay well inside the box vertically.
      ctx.fillText(value, r.x + r.w / 2, r.y + 33, r.w - 16);
    },
  });
}

function addButtons(out: Piece[], sc: Scene, state: EgmState, t: number): void {
  const { egm, game, art } = sc;
  const levels = game.betLevels;
  const press = egm.lastPress;
  const locked = state.status === 'handpay' || state.status === 'fault';
  const free = !locked && !state.spinning;
  const enabled: Record<Button, boolean> = {
    'bet-': free && state.bet > levels[0]!,
    'bet+': free && state.bet < levels[levels.length - 1]!,
    spin: free && state.credits >= state.bet,
    auto: !locked && (state.autoplay || state.spinning || state.credits >= state.bet),
    collect: free && state.credits > 0,
  };
  for (const b of buttons) {
    const pressed = press !== null && press.button === b && t - press.at < PRESS_FEEDBACK_MS;
    let variant: ButtonVariant = enabled[b] ? 'normal' : 'disabled';
    if (b === 'auto' && state.autoplay) variant = pressed ? 'lit-pressed' : 'lit';
    else if (pressed && enabled[b]) variant = 'pressed';
    const sprite = art.buttons[b][variant] ?? art.buttons[b].normal!;
    const r = art.geo.buttons[b];
    out.push({
      id: b,
      key: variant,
      box: sc.s.spriteBoxes[b],
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite, r.x - BUTTON_PAD, r.y - BUTTON_PAD),
    });
  }
}

/** Everything over the background for the current state, in drawing order. */
export function piecesNow(sc: Scene, nowMs: number): Piece[] {
  const { egm, game } = sc;
  const t = egm.now();
  const state = egm.state;
  const spin = egm.spin;
  const out: Piece[] = [];
  addReels(out, sc, t);
  const outcome = spin ? null : egm.lastOutcome;
  if (outcome !== sc.shown) {
    sc.shown = outcome;
    sc.shownAt = t;
  }
  const since = Math.floor((t - sc.shownAt) / WIN_STEP_MS) * WIN_STEP_MS;
  const locked = state.status === 'handpay' || state.status === 'fault';
  const idleFor = t - egm.lastActivityAt;
  const attract =
    !spin && !state.autoplay && state.status === 'idle' && idleFor >= sc.attractAfterMs
      ? idleFor - sc.attractAfterMs
      : null;
  // Attract mode takes over from the win presentation.
  const winning =
    attract === null && outcome !== null && (outcome.lines.length > 0 || outcome.scatter !== null);
  if (attract !== null) addAttract(out, sc, state.credits, attract);
  else if (winning) addWin(out, sc, outcome, since);
  else if (!spin && !locked && state.credits < state.bet) {
    const text =
      state.credits < game.betLevels[0]! ? 'ADD CREDITS TO PLAY' : 'LOWER THE BET TO PLAY';
    addPill(out, sc, text, '#a8791a', 16);
  }
  addNotice(out, sc, state);
  const flash = winning && t - sc.shownAt < 3000 ? Math.floor(nowMs / 160) % 2 === 0 : null;
  addBulbs(out, sc, nowMs, flash, attract);
  addMeter(out, sc, 'credit', formatMoney(state.credits), '#fff1c7', 0);
  addMeter(out, sc, 'bet', formatMoney(state.bet), '#ffffff', 0);
  const winGlow = state.win > 0 && attract === null ? 0.6 + 0.4 * Math.sin(since / 150) : 0;
  addMeter(out, sc, 'win', formatMoney(state.win), state.win > 0 ? '#ffd54a' : '#8c7a5c', winGlow);
  addButtons(out, sc, state, t);
  return out;
}
