// The machine's screen: 640×480 RGBA frames drawn with @napi-rs/canvas. Everything that does not
// change (cabinet, title, reel frame, labels, symbol and button sprites) is drawn once per game
// into offscreen canvases; a frame is a handful of drawImage calls plus the meter texts.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Egm } from './egm';
import { FRAME_STAMP, writeFrameStamp } from './frame-stamp';
import type { GameDefinition, SpinOutcome } from './game';
import {
  type Button,
  buttonPixels,
  buttons,
  type Rect,
  SCREEN_HEIGHT,
  SCREEN_WIDTH,
} from './layout';
import { formatMoney } from './money';
import { reelMotion } from './reel-motion';
import { drawSymbol, SANS, SERIF } from './symbols';

type Ctx = SKRSContext2D;

export interface Screen {
  width: number;
  height: number;
  /** Draws the current state; the frame stamp carries nowMs and frameNumber. RGBA, width*height*4. */
  render(nowMs: number, frameNumber: number): Uint8ClampedArray;
}

/** Reel window (inside its frame), in design pixels. */
export const REEL_WINDOW: Rect = { x: 70, y: 58, w: 500, h: 240 };
const REEL_GAP = 10;
const METER_Y = 312;
const METER_H = 50;
const meters = {
  credit: { x: 16, y: METER_Y, w: 232, h: METER_H },
  bet: { x: 256, y: METER_Y, w: 128, h: METER_H },
  win: { x: 392, y: METER_Y, w: 232, h: METER_H },
} satisfies Record<string, Rect>;
const LINE_COLOURS = ['#ff4d4d', '#4dc3ff', '#ffd84d', '#6dff5c', '#ff5cf0', '#ff9d3d', '#b08cff'];
const BULBS_LEFT = [18, 38, 58, 78, 98];
const BULBS_RIGHT = [542, 562, 582, 602, 622];
const BULB_Y = 27;
const BUTTON_PAD = 10;
const PRESS_FEEDBACK_MS = 180;

interface ReelGeometry {
  x: number[];
  w: number;
  rowH: number;
  top: number;
}

type ButtonVariant = 'normal' | 'pressed' | 'disabled' | 'lit' | 'lit-pressed';

interface Art {
  background: Canvas;
  reelBack: Canvas;
  reelShade: Canvas;
  symbols: Map<string, { sharp: Canvas; blur: Canvas }>;
  buttons: Record<Button, Partial<Record<ButtonVariant, Canvas>>>;
  bulbOn: Canvas;
  bulbOff: Canvas;
  geometry: ReelGeometry;
  lineMarkers: Array<{ left: number; right: number }>;
}

const artCache = new WeakMap<GameDefinition, Art>();

function offscreen(w: number, h: number): [Canvas, Ctx] {
  const c = createCanvas(Math.ceil(w), Math.ceil(h));
  return [c, c.getContext('2d')];
}

function reelGeometry(game: GameDefinition): ReelGeometry {
  const n = game.reels.length;
  const w = Math.floor((REEL_WINDOW.w - REEL_GAP * (n - 1)) / n);
  const used = w * n + REEL_GAP * (n - 1);
  const x0 = REEL_WINDOW.x + Math.floor((REEL_WINDOW.w - used) / 2);
  return {
    x: game.reels.map((_, i) => x0 + i * (w + REEL_GAP)),
    w,
    rowH: REEL_WINDOW.h / game.rows,
    top: REEL_WINDOW.y,
  };
}

/** Where each line's number sits on the left and right of the reel window (y centres). */
function lineMarkers(
  game: GameDefinition,
  g: ReelGeometry,
): Array<{ left: number; right: number }> {
  const place = (rowOf: (line: readonly number[]) => number) => {
    const byRow = new Map<number, number[]>();
    game.lines.forEach((line, i) => {
      const row = rowOf(line);
      byRow.set(row, [...(byRow.get(row) ?? []), i]);
    });
    const y: number[] = [];
    for (const [row, ids] of byRow) {
      const spacing = Math.min(26, g.rowH / ids.length);
      ids.forEach((id, k) => {
        y[id] = g.top + (row + 0.5) * g.rowH + (k - (ids.length - 1) / 2) * spacing;
      });
    }
    return y;
  };
  const left = place((l) => l[0]!);
  const right = place((l) => l[l.length - 1]!);
  return game.lines.map((_, i) => ({ left: left[i]!, right: right[i]! }));
}

function goldGradient(ctx: Ctx, y0: number, y1: number) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  g.addColorStop(0, '#fff0b3');
  g.addColorStop(0.45, '#e0a92e');
  g.addColorStop(0.55, '#b37a12');
  g.addColorStop(1, '#ffd66b');
  return g;
}

function drawBackground(game: GameDefinition, geometry: ReelGeometry, markers: Art['lineMarkers']) {
  const [canvas, ctx] = offscreen(SCREEN_WIDTH, SCREEN_HEIGHT);
  const bg = ctx.createLinearGradient(0, 0, 0, SCREEN_HEIGHT);
  bg.addColorStop(0, '#2a1330');
  bg.addColorStop(0.5, '#150a19');
  bg.addColorStop(1, '#08060b');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);
  const glow = ctx.createRadialGradient(320, 178, 40, 320, 178, 340);
  glow.addColorStop(0, 'rgba(255,170,60,0.22)');
  glow.addColorStop(1, 'rgba(255,170,60,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);
  // Cabinet trim.
  ctx.strokeStyle = '#8a6414';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(4, 4, SCREEN_WIDTH - 8, FRAME_STAMP.y - 10, 14);
  ctx.stroke();

  // Title plate.
  const plate = { x: 112, y: 6, w: 416, h: 42 };
  const red = ctx.createLinearGradient(0, plate.y, 0, plate.y + plate.h);
  red.addColorStop(0, '#7a1118');
  red.addColorStop(1, '#2a0408');
  ctx.fillStyle = red;
  ctx.beginPath();
  ctx.roundRect(plate.x, plate.y, plate.w, plate.h, 12);
  ctx.fill();
  ctx.strokeStyle = goldGradient(ctx, plate.y, plate.y + plate.h);
  ctx.lineWidth = 3;
  ctx.stroke();
  const title = game.name.toUpperCase();
  let px = 30;
  ctx.font = `bold ${px}px ${SERIF}`;
  while (px > 14 && ctx.measureText(title).width > plate.w - 40) {
    px -= 1;
    ctx.font = `bold ${px}px ${SERIF}`;
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillText(title, plate.x + plate.w / 2 + 2, plate.y + plate.h / 2 + 3);
  ctx.fillStyle = goldGradient(ctx, plate.y + 8, plate.y + plate.h - 8);
  ctx.fillText(title, plate.x + plate.w / 2, plate.y + plate.h / 2 + 1);

  // Reel window frame.
  const f = REEL_WINDOW;
  ctx.shadowColor = 'rgba(0,0,0,0.7)';
  ctx.shadowBlur = 14;
  ctx.fillStyle = goldGradient(ctx, f.y - 8, f.y + f.h + 8);
  ctx.beginPath();
  ctx.roundRect(f.x - 10, f.y - 8, f.w + 20, f.h + 16, 14);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.fillStyle = '#0a0709';
  ctx.beginPath();
  ctx.roundRect(f.x - 3, f.y - 2, f.w + 6, f.h + 4, 6);
  ctx.fill();

  // Line numbers either side of the window.
  ctx.font = `bold 13px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  markers.forEach((m, i) => {
    const colour = LINE_COLOURS[i % LINE_COLOURS.length]!;
    for (const [x, y] of [
      [f.x - 26, m.left],
      [f.x + f.w + 26, m.right],
    ] as const) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(x, y, 11, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = 'rgba(0,0,0,0.7)';
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.fillStyle = '#140a00';
      ctx.fillText(String(i + 1), x, y + 1);
    }
  });

  // Meter boxes and labels.
  const labels: Record<keyof typeof meters, string> = {
    credit: 'CREDIT',
    bet: game.lines.length > 1 ? `BET · ${game.lines.length} LINES` : 'BET',
    win: 'WIN',
  };
  for (const key of Object.keys(meters) as Array<keyof typeof meters>) {
    const r = meters[key];
    const box = ctx.createLinearGradient(0, r.y, 0, r.y + r.h);
    box.addColorStop(0, '#17121c');
    box.addColorStop(1, '#050406');
    ctx.fillStyle = box;
    ctx.beginPath();
    ctx.roundRect(r.x, r.y, r.w, r.h, 9);
    ctx.fill();
    ctx.strokeStyle = '#a8791a';
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.font = `bold 11px ${SANS}`;
    ctx.fillStyle = '#e0b04a';
    ctx.fillText(labels[key], r.x + r.w / 2, r.y + 11);
  }
  ctx.fillStyle = '#000';
  ctx.fillRect(0, FRAME_STAMP.y, SCREEN_WIDTH, FRAME_STAMP.height);
  // Dividers between the reels.
  for (let i = 1; i < geometry.x.length; i++) {
    const x = geometry.x[i]! - REEL_GAP / 2;
    ctx.fillStyle = goldGradient(ctx, geometry.top, geometry.top + REEL_WINDOW.h);
    ctx.globalAlpha = 0.55;
    ctx.fillRect(x - 1, geometry.top + 4, 2, REEL_WINDOW.h - 8);
    ctx.globalAlpha = 1;
  }
  return canvas;
}

function drawReelBack(g: ReelGeometry): Canvas {
  const [c, ctx] = offscreen(g.w, REEL_WINDOW.h);
  const grad = ctx.createLinearGradient(0, 0, 0, REEL_WINDOW.h);
  grad.addColorStop(0, '#cfc6b4');
  grad.addColorStop(0.5, '#fffdf6');
  grad.addColorStop(1, '#cfc6b4');
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, g.w, REEL_WINDOW.h);
  return c;
}

function drawReelShade(g: ReelGeometry): Canvas {
  const [c, ctx] = offscreen(g.w, REEL_WINDOW.h);
  const grad = ctx.createLinearGradient(0, 0, 0, REEL_WINDOW.h);
  grad.addColorStop(0, 'rgba(0,0,0,0.62)');
  grad.addColorStop(0.22, 'rgba(0,0,0,0.08)');
  grad.addColorStop(0.5, 'rgba(0,0,0,0)');
  grad.addColorStop(0.78, 'rgba(0,0,0,0.08)');
  grad.addColorStop(1, 'rgba(0,0,0,0.62)');
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, g.w, REEL_WINDOW.h);
  const side = ctx.createLinearGradient(0, 0, g.w, 0);
  side.addColorStop(0, 'rgba(0,0,0,0.25)');
  side.addColorStop(0.08, 'rgba(0,0,0,0)');
  side.addColorStop(0.92, 'rgba(0,0,0,0)');
  side.addColorStop(1, 'rgba(0,0,0,0.25)');
  ctx.fillStyle = side;
  ctx.fillRect(0, 0, g.w, REEL_WINDOW.h);
  return c;
}

function drawSymbolSprites(game: GameDefinition, g: ReelGeometry): Art['symbols'] {
  const out: Art['symbols'] = new Map();
  const scale = Math.min(1, g.rowH / 80, g.w / 120);
  for (const id of game.symbols) {
    const [sharp, sctx] = offscreen(g.w, g.rowH);
    sctx.translate(g.w / 2, g.rowH / 2);
    sctx.scale(scale, scale);
    drawSymbol(sctx, id, 0, 0);
    // Motion blur: the sharp sprite smeared vertically.
    const [blur, bctx] = offscreen(g.w, g.rowH);
    const taps = 15;
    bctx.globalAlpha = 0.16;
    for (let k = 0; k < taps; k++) bctx.drawImage(sharp, 0, (k - (taps - 1) / 2) * 2);
    out.set(id, { sharp, blur });
  }
  return out;
}

interface ButtonStyle {
  top: string;
  bottom: string;
  text: string;
}

const buttonStyles: Record<Button, ButtonStyle> = {
  'bet-': { top: '#4f86e8', bottom: '#0f2a66', text: '#ffffff' },
  'bet+': { top: '#4f86e8', bottom: '#0f2a66', text: '#ffffff' },
  auto: { top: '#8a6a1e', bottom: '#3a2806', text: '#ffe7a3' },
  collect: { top: '#23b79f', bottom: '#07463b', text: '#ffffff' },
  spin: { top: '#4ef07a', bottom: '#0b6b2a', text: '#ffffff' },
};
const litStyle: ButtonStyle = { top: '#fff07a', bottom: '#ff8f00', text: '#2a1600' };

function buttonLabel(ctx: Ctx, button: Button, r: Rect, style: ButtonStyle, lit: boolean): void {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const text = (s: string, px: number, y: number) => {
    ctx.font = `bold ${px}px ${SANS}`;
    ctx.fillStyle = lit ? 'rgba(255,255,255,0.35)' : 'rgba(0,0,0,0.55)';
    ctx.fillText(s, cx + 1, y + 2);
    ctx.fillStyle = style.text;
    ctx.fillText(s, cx, y);
  };
  switch (button) {
    case 'bet-':
    case 'bet+':
      text('BET', 17, cy - 17);
      text(button === 'bet-' ? '\u2212' : '+', 40, cy + 12);
      break;
    case 'auto':
      text('AUTO', 22, cy - 8);
      text(lit ? 'ON' : 'OFF', 14, cy + 17);
      break;
    case 'collect':
      text('COLLECT', 19, cy);
      break;
    case 'spin':
      text('SPIN', 38, cy + 1);
      break;
  }
}

function drawButtonSprite(button: Button, variant: ButtonVariant): Canvas {
  const r = buttonPixels[button];
  const [c, ctx] = offscreen(r.w + BUTTON_PAD * 2, r.h + BUTTON_PAD * 2);
  const lit = variant === 'lit' || variant === 'lit-pressed';
  const pressed = variant === 'pressed' || variant === 'lit-pressed';
  const style = lit ? litStyle : buttonStyles[button];
  const rect = {
    x: BUTTON_PAD,
    y: BUTTON_PAD + (pressed ? 3 : 0),
    w: r.w,
    h: r.h - (pressed ? 3 : 0),
  };
  const radius = button === 'spin' ? 22 : 14;
  if (lit) {
    ctx.shadowColor = 'rgba(255,193,7,0.9)';
    ctx.shadowBlur = 16;
  } else if (!pressed) {
    ctx.shadowColor = 'rgba(0,0,0,0.6)';
    ctx.shadowBlur = 8;
    ctx.shadowOffsetY = 3;
  }
  const grad = ctx.createLinearGradient(0, rect.y, 0, rect.y + rect.h);
  grad.addColorStop(0, pressed ? style.bottom : style.top);
  grad.addColorStop(1, pressed ? style.top : style.bottom);
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;
  ctx.strokeStyle = goldGradient(ctx, rect.y, rect.y + rect.h);
  ctx.lineWidth = 3;
  ctx.stroke();
  // Glossy top half.
  ctx.fillStyle = 'rgba(255,255,255,0.16)';
  ctx.beginPath();
  ctx.roundRect(rect.x + 5, rect.y + 4, rect.w - 10, rect.h * 0.42, [radius - 4, radius - 4, 6, 6]);
  ctx.fill();
  buttonLabel(ctx, button, rect, style, lit);
  if (variant === 'disabled') {
    ctx.fillStyle = 'rgba(12,10,16,0.62)';
    ctx.beginPath();
    ctx.roundRect(rect.x - 1, rect.y - 1, rect.w + 2, rect.h + 2, radius);
    ctx.fill();
  }
  return c;
}

function drawBulb(on: boolean): Canvas {
  const [c, ctx] = offscreen(20, 20);
  const g = ctx.createRadialGradient(8, 8, 1, 10, 10, 10);
  if (on) {
    g.addColorStop(0, '#ffffff');
    g.addColorStop(0.35, '#ffe45c');
    g.addColorStop(0.7, 'rgba(255,170,0,0.85)');
    g.addColorStop(1, 'rgba(255,120,0,0)');
  } else {
    g.addColorStop(0, '#8a6a2a');
    g.addColorStop(0.6, '#4a3510');
    g.addColorStop(0.7, 'rgba(40,25,5,0.8)');
    g.addColorStop(1, 'rgba(40,25,5,0)');
  }
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 20, 20);
  return c;
}

function buildArt(game: GameDefinition): Art {
  const cached = artCache.get(game);
  if (cached) return cached;
  const geometry = reelGeometry(game);
  const markers = lineMarkers(game, geometry);
  const sprites = {} as Art['buttons'];
  for (const b of buttons) {
    const variants: ButtonVariant[] =
      b === 'auto'
        ? ['normal', 'pressed', 'disabled', 'lit', 'lit-pressed']
        : ['normal', 'pressed', 'disabled'];
    sprites[b] = Object.fromEntries(variants.map((v) => [v, drawButtonSprite(b, v)]));
  }
  const art: Art = {
    background: drawBackground(game, geometry, markers),
    reelBack: drawReelBack(geometry),
    reelShade: drawReelShade(geometry),
    symbols: drawSymbolSprites(game, geometry),
    buttons: sprites,
    bulbOn: drawBulb(true),
    bulbOff: drawBulb(false),
    geometry,
    lineMarkers: markers,
  };
  artCache.set(game, art);
  return art;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

export function createScreen(egm: Egm, opts: { width?: number; height?: number } = {}): Screen {
  const width = opts.width ?? SCREEN_WIDTH;
  const height = opts.height ?? SCREEN_HEIGHT;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 640 || height < 120)
    throw new RangeError(
      `screen must be at least 640 px wide (frame stamp), got ${width}×${height}`,
    );
  const game = egm.game;
  const art = buildArt(game);
  const g = art.geometry;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const sx = width / SCREEN_WIDTH;
  const sy = height / SCREEN_HEIGHT;
  const above = Math.floor(game.rows / 2);
  let shown: SpinOutcome | null = null;
  let shownAt = 0;

  const drawReel = (r: number, position: number, speed: number) => {
    const strip = game.reels[r]!;
    const x = g.x[r]!;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, g.top, g.w, REEL_WINDOW.h);
    ctx.clip();
    ctx.drawImage(art.reelBack, x, g.top);
    const blurred = speed > 6;
    const firstRow = position - above; // fractional strip index at the top row
    const i0 = Math.floor(firstRow);
    for (let i = i0; i <= i0 + game.rows; i++) {
      const y = g.top + (i - firstRow) * g.rowH;
      const sprite = art.symbols.get(strip[mod(i, strip.length)]!);
      if (sprite) ctx.drawImage(blurred ? sprite.blur : sprite.sharp, x, y);
    }
    ctx.drawImage(art.reelShade, x, g.top);
    ctx.restore();
  };

  /** A message on a dark rounded label at the foot of the reel window. */
  const pill = (text: string, border: string, px: number) => {
    ctx.font = `bold ${px}px ${SANS}`;
    const tw = ctx.measureText(text).width + 28;
    const h = px + 10;
    const bx = REEL_WINDOW.x + (REEL_WINDOW.w - tw) / 2;
    const by = REEL_WINDOW.y + REEL_WINDOW.h - h - 5;
    ctx.fillStyle = 'rgba(10,6,12,0.85)';
    ctx.beginPath();
    ctx.roundRect(bx, by, tw, h, h / 2);
    ctx.fill();
    ctx.strokeStyle = border;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = '#ffe58a';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, REEL_WINDOW.x + REEL_WINDOW.w / 2, by + h / 2 + 1);
  };

  const drawWin = (outcome: SpinOutcome, since: number) => {
    // All winning lines together first, then one at a time.
    const all = since < 1200;
    const current = all ? -1 : Math.floor((since - 1200) / 1000) % outcome.lines.length;
    const wins = all ? outcome.lines : [outcome.lines[current]!];
    const lit = new Set<string>();
    for (const w of wins) {
      const rows = game.lines[w.line]!;
      for (let r = 0; r < w.count; r++) lit.add(`${r},${rows[r]}`);
    }
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    for (let r = 0; r < game.reels.length; r++)
      for (let row = 0; row < game.rows; row++)
        if (!lit.has(`${r},${row}`)) ctx.fillRect(g.x[r]!, g.top + row * g.rowH, g.w, g.rowH);
    const pulse = 0.65 + 0.35 * Math.sin(since / 90);
    for (const w of wins) {
      const rows = game.lines[w.line]!;
      const colour = LINE_COLOURS[w.line % LINE_COLOURS.length]!;
      const marker = art.lineMarkers[w.line]!;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(REEL_WINDOW.x - 14, marker.left);
      rows.forEach((row, r) => {
        ctx.lineTo(g.x[r]! + g.w / 2, g.top + (row + 0.5) * g.rowH);
      });
      ctx.lineTo(REEL_WINDOW.x + REEL_WINDOW.w + 14, marker.right);
      ctx.strokeStyle = 'rgba(0,0,0,0.6)';
      ctx.lineWidth = 8;
      ctx.stroke();
      ctx.strokeStyle = colour;
      ctx.lineWidth = 4;
      ctx.stroke();
      ctx.globalAlpha = pulse;
      ctx.lineWidth = 4;
      for (let r = 0; r < w.count; r++)
        ctx.strokeRect(g.x[r]! + 3, g.top + rows[r]! * g.rowH + 3, g.w - 6, g.rowH - 6);
      ctx.globalAlpha = 1;
    }
    if (all) {
      pill(`WIN ${formatMoney(outcome.win)}`, '#ffd54a', 18);
    } else {
      const w = wins[0]!;
      pill(
        `LINE ${w.line + 1}  PAYS ${formatMoney(w.pay)}`,
        LINE_COLOURS[w.line % LINE_COLOURS.length]!,
        16,
      );
    }
  };

  const drawMeter = (r: Rect, value: string, colour: string, glow: number) => {
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
    ctx.fillText(value, r.x + r.w / 2, r.y + 33, r.w - 16);
  };

  return {
    width,
    height,
    render(nowMs: number, frameNumber: number): Uint8ClampedArray {
      const t = egm.now();
      const state = egm.state;
      const spin = egm.spin;
      ctx.setTransform(sx, 0, 0, sy, 0, 0);
      ctx.drawImage(art.background, 0, 0);

      // Reels.
      if (spin) {
        const elapsed = t - spin.startedAt;
        for (let r = 0; r < game.reels.length; r++) {
          const m = reelMotion(
            r,
            game.reels.length,
            spin.durationMs,
            elapsed,
            spin.fromStops[r]!,
            spin.stops[r]!,
            game.reels[r]!.length,
          );
          drawReel(r, m.position, m.speed);
        }
      } else {
        const stops = egm.stops;
        for (let r = 0; r < game.reels.length; r++) drawReel(r, stops[r]!, 0);
      }

      // Win presentation.
      const outcome = spin ? null : egm.lastOutcome;
      if (outcome !== shown) {
        shown = outcome;
        shownAt = t;
      }
      const winning = outcome !== null && outcome.lines.length > 0;
      if (winning) drawWin(outcome, t - shownAt);
      else if (!spin && state.credits < state.bet)
        pill(
          state.credits < game.betLevels[0]! ? 'ADD CREDITS TO PLAY' : 'LOWER THE BET TO PLAY',
          '#a8791a',
          16,
        );

      // Chasing lights: fast while spinning, all flashing on a win, slow otherwise.
      const bulbs = [...BULBS_LEFT, ...BULBS_RIGHT];
      const step = Math.floor(nowMs / (spin ? 70 : 260));
      const flash = winning && t - shownAt < 3000 ? Math.floor(nowMs / 160) % 2 === 0 : null;
      bulbs.forEach((x, i) => {
        const on = flash ?? (step + (i < 5 ? i : 9 - i)) % 3 === 0;
        ctx.drawImage(on ? art.bulbOn : art.bulbOff, x - 10, BULB_Y - 10);
      });

      // Meters.
      drawMeter(meters.credit, formatMoney(state.credits), '#fff1c7', 0);
      drawMeter(meters.bet, formatMoney(state.bet), '#ffffff', 0);
      const winGlow = state.win > 0 ? 0.6 + 0.4 * Math.sin((t - shownAt) / 150) : 0;
      drawMeter(meters.win, formatMoney(state.win), state.win > 0 ? '#ffd54a' : '#8c7a5c', winGlow);

      // Buttons.
      const levels = game.betLevels;
      const press = egm.lastPress;
      const enabled: Record<Button, boolean> = {
        'bet-': !state.spinning && state.bet > levels[0]!,
        'bet+': !state.spinning && state.bet < levels[levels.length - 1]!,
        spin: !state.spinning && state.credits >= state.bet,
        auto: state.autoplay || state.spinning || state.credits >= state.bet,
        collect: !state.spinning && state.credits > 0,
      };
      for (const b of buttons) {
        const pressed = press !== null && press.button === b && t - press.at < PRESS_FEEDBACK_MS;
        let variant: ButtonVariant = enabled[b] ? 'normal' : 'disabled';
        if (b === 'auto' && state.autoplay) variant = pressed ? 'lit-pressed' : 'lit';
        else if (pressed && enabled[b]) variant = 'pressed';
        const sprite = art.buttons[b][variant] ?? art.buttons[b].normal!;
        const r = buttonPixels[b];
        ctx.drawImage(sprite, r.x - BUTTON_PAD, r.y - BUTTON_PAD);
      }

      const data = canvas.data();
      const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
      writeFrameStamp(rgba, width, height, { timeMs: nowMs, frame: frameNumber });
      return rgba;
    },
  };
}
