// The machine's screen: 640×480 RGBA frames drawn with @napi-rs/canvas. Everything that does not
// change (cabinet, title, reel frame, labels, symbol and button sprites) is drawn once per game
// into offscreen canvases; a frame is a handful of drawImage calls plus the meter texts.
//
// Reading pixels back from a canvas is what costs (drawing is nearly free, and any draw followed
// by a read costs in proportion to the whole canvas), so a frame is kept in one buffer and only
// what changed is redrawn: the screen is split into fixed regions (each reel cell, the strips
// between the reels, each bank of bulbs, each meter, each button), each with a small canvas of its
// own. Every frame lists the pieces drawn over the background with a key of everything their
// pixels depend on; a region whose pieces' keys changed is redrawn on its canvas and copied into
// the buffer. Reels are drawn to the pixel, and the win animations step 10 times a second, so a
// machine at rest is still between steps. The first frame is drawn whole.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Egm } from './egm';
import type { EgmState } from './egm-events';
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
  /**
   * Draws the current state; the frame stamp carries nowMs and frameNumber. RGBA, width*height*4,
   * a new array every call (a copy of renderFrame's buffer).
   */
  render(nowMs: number, frameNumber: number): Uint8ClampedArray;
  /**
   * Like render() without the copy. `rgba` is the screen's own buffer, the same array every call
   * and updated in place by the next one: read or copy it before then, and do not write to it.
   * `changed` is false when nothing but the frame stamp (the bottom 12 rows) differs from the
   * previous frame.
   */
  renderFrame(nowMs: number, frameNumber: number): { rgba: Uint8ClampedArray; changed: boolean };
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
// Lines past the seventh reuse the colours, and the numbers beside the reels tell them apart.
const LINE_COLOURS = ['#ff4d4d', '#4dc3ff', '#ffd84d', '#6dff5c', '#ff5cf0', '#ff9d3d', '#b08cff'];
const SCATTER_COLOUR = '#ffe14d';
const BULBS_LEFT = [18, 38, 58, 78, 98];
const BULBS_RIGHT = [542, 562, 582, 602, 622];
const BULB_Y = 27;
const BUTTON_PAD = 10;
const PRESS_FEEDBACK_MS = 180;
/** Where win lines (and everything else of the win presentation) are drawn. */
const OVERLAY: Rect = {
  x: REEL_WINDOW.x - 20,
  y: REEL_WINDOW.y - 6,
  w: REEL_WINDOW.w + 40,
  h: REEL_WINDOW.h + 12,
};

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
  lineMarkers: LineMarker[];
  /** Each win line over OVERLAY, drawn at (OVERLAY.x, OVERLAY.y). */
  lines: Canvas[];
  /** Labels shown at the foot of the reel window, by text, colour and size (a few at a time). */
  pills: Map<string, Sprite>;
  /** The hand pay and fault notices, by text. */
  notices: Map<string, Sprite>;
}

/** A line's number beside the reel window, left and right: centres and radius. */
interface LineMarker {
  left: { x: number; y: number };
  right: { x: number; y: number };
  radius: number;
}

/** A drawing to put at (x, y) in design pixels. */
interface Sprite {
  canvas: Canvas;
  x: number;
  y: number;
}

let measurer: Ctx | null = null;

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

/**
 * Where each line's number sits on the left and right of the reel window, beside the row the line
 * starts (ends) on. Up to three a row stand in one column; more are staggered over two.
 */
function lineMarkers(game: GameDefinition, g: ReelGeometry): LineMarker[] {
  const most = Math.max(
    ...[0, game.reels.length - 1].flatMap((reel) =>
      Array.from(
        { length: game.rows },
        (_, row) => game.lines.filter((l) => l[reel] === row).length,
      ),
    ),
  );
  const staggered = most > 3;
  const radius = staggered ? 9 : 11;
  const place = (reel: number, inner: number, outer: number) => {
    const byRow = new Map<number, number[]>();
    game.lines.forEach((line, i) => {
      const row = line[reel]!;
      byRow.set(row, [...(byRow.get(row) ?? []), i]);
    });
    const at: Array<{ x: number; y: number }> = [];
    for (const [row, ids] of byRow) {
      // Staggered, neighbours alternate columns and the ends keep clear of the next row's.
      const spacing = staggered ? g.rowH / (ids.length + 1) : Math.min(26, g.rowH / ids.length);
      ids.forEach((id, k) => {
        at[id] = {
          x: staggered && k % 2 === 1 ? outer : inner,
          y: g.top + (row + 0.5) * g.rowH + (k - (ids.length - 1) / 2) * spacing,
        };
      });
    }
    return at;
  };
  const f = REEL_WINDOW;
  const left = place(0, f.x - 26, f.x - 46);
  const right = place(game.reels.length - 1, f.x + f.w + 26, f.x + f.w + 46);
  return game.lines.map((_, i) => ({ left: left[i]!, right: right[i]!, radius }));
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
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  markers.forEach((m, i) => {
    const colour = LINE_COLOURS[i % LINE_COLOURS.length]!;
    ctx.font = `bold ${m.radius > 10 ? 13 : 11}px ${SANS}`;
    for (const { x, y } of [m.left, m.right]) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(x, y, m.radius, 0, Math.PI * 2);
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
  const scale = Math.min(1, g.rowH / 80, g.w / 110);
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

function drawLineSprite(
  game: GameDefinition,
  g: ReelGeometry,
  markers: Art['lineMarkers'],
  line: number,
): Canvas {
  const [c, ctx] = offscreen(OVERLAY.w, OVERLAY.h);
  ctx.translate(-OVERLAY.x, -OVERLAY.y);
  const marker = markers[line]!;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(REEL_WINDOW.x - 14, marker.left.y);
  game.lines[line]!.forEach((row, r) => {
    ctx.lineTo(g.x[r]! + g.w / 2, g.top + (row + 0.5) * g.rowH);
  });
  ctx.lineTo(REEL_WINDOW.x + REEL_WINDOW.w + 14, marker.right.y);
  ctx.strokeStyle = 'rgba(0,0,0,0.6)';
  ctx.lineWidth = 8;
  ctx.stroke();
  ctx.strokeStyle = LINE_COLOURS[line % LINE_COLOURS.length]!;
  ctx.lineWidth = 4;
  ctx.stroke();
  return c;
}

/** A message on a dark rounded label at the foot of the reel window, as a sprite. */
function pillSprite(art: Art, text: string, border: string, px: number): Sprite {
  const key = `${text}|${border}|${px}`;
  const cached = art.pills.get(key);
  if (cached) return cached;
  const font = `bold ${px}px ${SANS}`;
  measurer ??= createCanvas(1, 1).getContext('2d');
  measurer.font = font;
  const tw = measurer.measureText(text).width + 28;
  const h = px + 10;
  const bx = REEL_WINDOW.x + (REEL_WINDOW.w - tw) / 2;
  const by = REEL_WINDOW.y + REEL_WINDOW.h - h - 5;
  // Whole pixels around it (the outline is 2 px wide), within the reel window.
  const x = Math.max(REEL_WINDOW.x, Math.floor(bx) - 2);
  const y = Math.floor(by) - 2;
  const right = Math.min(REEL_WINDOW.x + REEL_WINDOW.w, Math.ceil(bx + tw) + 2);
  const [canvas, ctx] = offscreen(right - x, Math.ceil(by + h) + 2 - y);
  ctx.translate(-x, -y);
  ctx.fillStyle = 'rgba(10,6,12,0.85)';
  ctx.beginPath();
  ctx.roundRect(bx, by, tw, h, h / 2);
  ctx.fill();
  ctx.strokeStyle = border;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.font = font;
  ctx.fillStyle = '#ffe58a';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, REEL_WINDOW.x + REEL_WINDOW.w / 2, by + h / 2 + 1);
  const sprite = { canvas, x, y };
  if (art.pills.size >= 32) art.pills.clear();
  art.pills.set(key, sprite);
  return sprite;
}

interface NoticeText {
  title: string;
  detail: string;
  /** Shown large between the two, or null. */
  amount: string | null;
}

/** A hand pay or fault notice over the middle of the reel window, as a sprite. */
function noticeSprite(art: Art, text: NoticeText): Sprite {
  const key = `${text.title}|${text.detail}|${text.amount}`;
  const cached = art.notices.get(key);
  if (cached) return cached;
  const w = 380;
  const h = text.amount === null ? 100 : 140;
  // Whole pixels, with room for the glow.
  const x = Math.round(REEL_WINDOW.x + (REEL_WINDOW.w - w) / 2) - 8;
  const y = Math.round(REEL_WINDOW.y + (REEL_WINDOW.h - h) / 2) - 8;
  const [canvas, ctx] = offscreen(w + 16, h + 16);
  ctx.translate(8, 8);
  ctx.shadowColor = 'rgba(255,90,40,0.8)';
  ctx.shadowBlur = 12;
  const fill = ctx.createLinearGradient(0, 0, 0, h);
  fill.addColorStop(0, '#3a0a10');
  fill.addColorStop(1, '#12030a');
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(0, 0, w, h, 14);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.strokeStyle = goldGradient(ctx, 0, h);
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const line = (s: string, px: number, cy: number, colour: string) => {
    ctx.font = `bold ${px}px ${SANS}`;
    ctx.fillStyle = colour;
    ctx.fillText(s, w / 2, cy, w - 28);
  };
  line(text.title, 28, 30, '#ffd54a');
  if (text.amount !== null) line(text.amount, 40, 78, '#ffffff');
  line(text.detail, 15, h - 22, '#ffe58a');
  const sprite = { canvas, x, y };
  if (art.notices.size >= 16) art.notices.clear();
  art.notices.set(key, sprite);
  return sprite;
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
    lines: game.lines.map((_, i) => drawLineSprite(game, geometry, markers, i)),
    pills: new Map(),
    notices: new Map(),
  };
  artCache.set(game, art);
  return art;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** A rectangle in device pixels, half-open: [x0, x1) × [y0, y1). */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function meets(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function contains(outer: Box, inner: Box): boolean {
  return (
    outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1
  );
}

function rectBetween(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Something drawn over the background, in z-order. Its pixels depend on nothing but its id and
 * `key` (and the game's art), and all of them lie inside `box`.
 */
interface Piece {
  id: string;
  key: string;
  box: Box;
  /** Draws in design pixels. */
  draw: (ctx: Ctx) => void;
  /** Only drawImage calls, which change no state: no need to save and restore around it. */
  plain?: boolean;
  /** Where it covers everything under it with opaque pixels. */
  opaque?: Box;
}

/**
 * A fixed part of the screen with a canvas of its own: when the pieces over it change (their ids
 * and keys, joined, are its key) it is redrawn there and read back into the frame on its own.
 */
interface Region {
  box: Box;
  key: string | null;
  /** This frame's key, while it is built. */
  next: string;
  canvas: Canvas | null;
  ctx: Ctx | null;
}

/** Regions that together tile `box`: when all of them change, they are redrawn as one. */
interface Group extends Region {
  members: Region[];
}

/** Decorative win animations (the pulse of the winning symbols, the WIN meter glow) step this often. */
const WIN_STEP_MS = 100;

export function createScreen(
  egm: Egm,
  opts: {
    width?: number;
    height?: number;
    /** Redraw and read back the whole screen every frame (slow; a reference for tests). */
    fullRedraw?: boolean;
    /** Stamp each frame's capture time into the bottom strip, for latency measurement. */
    stamp?: boolean;
  } = {},
): Screen {
  const width = opts.width ?? SCREEN_WIDTH;
  const height = opts.height ?? SCREEN_HEIGHT;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 640 || height < 120)
    throw new RangeError(
      `screen must be at least 640 px wide (frame stamp), got ${width}×${height}`,
    );
  // Scaled, sprites land between pixels and their filtering can differ by a shade between a region
  // and the whole screen: only the design size is redrawn by regions.
  const fullRedraw = opts.fullRedraw === true || width !== SCREEN_WIDTH || height !== SCREEN_HEIGHT;
  const stamp = opts.stamp !== false;
  const game = egm.game;
  const art = buildArt(game);
  const g = art.geometry;
  const sx = width / SCREEN_WIDTH;
  const sy = height / SCREEN_HEIGHT;
  const above = Math.floor(game.rows / 2);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(rgba.buffer);
  /** The whole screen, for the first frame (and every frame with fullRedraw). */
  let whole: { canvas: Canvas; ctx: Ctx } | null = null;
  let started = false;
  let shown: SpinOutcome | null = null;
  let shownAt = 0;

  /** Design rectangle → device pixels, rounded outwards, within the screen. */
  const box = (r: Rect): Box => ({
    x0: Math.max(0, Math.floor(r.x * sx)),
    y0: Math.max(0, Math.floor(r.y * sy)),
    x1: Math.min(width, Math.ceil((r.x + r.w) * sx)),
    y1: Math.min(height, Math.ceil((r.y + r.h) * sy)),
  });

  // Where each kind of piece can draw (design pixels).
  const W = REEL_WINDOW;
  const windowBox = box(W);
  const overlayRect = OVERLAY;
  const overlayBox = box(overlayRect);
  const reelBoxes = g.x.map((x) => box({ x, y: g.top, w: g.w, h: W.h }));
  /** The device pixels a reel covers entirely (its edges may be partly covered when scaled). */
  const reelInside = g.x.map((x) => ({
    x0: Math.ceil(x * sx),
    y0: Math.ceil(g.top * sy),
    x1: Math.floor((x + g.w) * sx),
    y1: Math.floor((g.top + W.h) * sy),
  }));
  const cellBoxes = g.x.map((x) =>
    Array.from({ length: game.rows }, (_, row) =>
      box({ x, y: g.top + row * g.rowH, w: g.w, h: g.rowH }),
    ),
  );
  const bulbStrip = (xs: number[]) =>
    rectBetween(Math.min(...xs) - 10, BULB_Y - 10, Math.max(...xs) + 10, BULB_Y + 10);
  const bulbRects = { left: bulbStrip(BULBS_LEFT), right: bulbStrip(BULBS_RIGHT) };
  const bulbBoxes = { left: box(bulbRects.left), right: box(bulbRects.right) };
  /** Inside the meters' frames (drawn with the background). */
  const meterRects = Object.fromEntries(
    Object.entries(meters).map(([k, r]) => [k, { x: r.x + 2, y: r.y + 2, w: r.w - 4, h: r.h - 4 }]),
  ) as Record<keyof typeof meters, Rect>;
  const meterBoxes = {
    credit: box(meterRects.credit),
    bet: box(meterRects.bet),
    win: box(meterRects.win),
  };
  const spriteRects = Object.fromEntries(
    buttons.map((b) => {
      const r = buttonPixels[b];
      return [
        b,
        {
          x: r.x - BUTTON_PAD,
          y: r.y - BUTTON_PAD,
          w: r.w + BUTTON_PAD * 2,
          h: r.h + BUTTON_PAD * 2,
        },
      ];
    }),
  ) as Record<Button, Rect>;
  const spriteBoxes = Object.fromEntries(buttons.map((b) => [b, box(spriteRects[b])])) as Record<
    Button,
    Box
  >;

  // The regions. Each reel cell is one, so that a highlighted winning symbol is redrawn alone (the
  // cells of a reel make a group, redrawn as one while the reel spins, and so do all the reels'
  // while they all spin), and the strips between and beside the reels, which only win lines
  // touch, are others.
  const region = (r: Rect): Region => ({
    box: box(r),
    key: null,
    next: '',
    canvas: null,
    ctx: null,
  });
  const regions: Region[] = [region(bulbRects.left), region(bulbRects.right)];
  const groups: Group[] = [];
  const cells: Region[] = [];
  const band = { top: overlayRect.y, bottom: overlayRect.y + overlayRect.h };
  const xs = [overlayRect.x, ...g.x.flatMap((x) => [x, x + g.w]), overlayRect.x + overlayRect.w];
  for (let k = 0; k + 1 < xs.length; k++) {
    const [x0, x1] = [xs[k]!, xs[k + 1]!];
    if (x1 <= x0) continue;
    if (k % 2 === 0) {
      regions.push(region(rectBetween(x0, band.top, x1, band.bottom)));
      continue;
    }
    regions.push(region(rectBetween(x0, band.top, x1, g.top)));
    regions.push(region(rectBetween(x0, g.top + W.h, x1, band.bottom)));
    const members: Region[] = [];
    for (let row = 0; row < game.rows; row++)
      members.push(region({ x: x0, y: g.top + row * g.rowH, w: x1 - x0, h: g.rowH }));
    regions.push(...members);
    cells.push(...members);
    if (members.length > 1)
      groups.push({ ...region({ x: x0, y: g.top, w: x1 - x0, h: W.h }), members });
  }
  // All the reels at once (and the gaps between them), while they all spin.
  if (game.reels.length > 1) groups.unshift({ ...region(W), members: cells });
  // A button's sprite (with its shadow or glow) may reach up beside a meter: the meter's region
  // takes that part in, so that a glowing meter does not redraw the whole button, and a meter is
  // never drawn cut off at the edge of a region (vector drawings cut off there can come out a
  // shade different from the same drawing on the whole screen; sprites at whole pixels do not).
  const meterBottom = METER_Y + METER_H - 2;
  for (const m of Object.values(meterRects)) {
    let [x0, y0, x1] = [m.x, m.y, m.x + m.w];
    for (const b of buttons) {
      const r = spriteRects[b];
      if (r.y < meterBottom && r.x < x1 && r.x + r.w > x0) {
        x0 = Math.min(x0, r.x);
        y0 = Math.min(y0, r.y);
        x1 = Math.max(x1, r.x + r.w);
      }
    }
    regions.push(region(rectBetween(x0, y0, x1, meterBottom)));
  }
  for (const b of buttons) {
    const r = spriteRects[b];
    regions.push(region(rectBetween(r.x, Math.max(r.y, meterBottom), r.x + r.w, r.y + r.h)));
  }
  // Anything a piece can draw outside every region would never be read back: make its box a
  // region too (the layout above covers everything; this keeps a future change safe).
  const covered = new Uint8Array(width * height);
  const mark = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++) covered.fill(1, y * width + b.x0, y * width + b.x1);
  };
  const isCovered = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++)
      if (covered.subarray(y * width + b.x0, y * width + b.x1).includes(0)) return false;
    return true;
  };
  for (const r of regions) mark(r.box);
  const slots = [
    overlayBox,
    windowBox,
    ...reelBoxes,
    ...cellBoxes.flat(),
    bulbBoxes.left,
    bulbBoxes.right,
    ...Object.values(meterBoxes),
    ...Object.values(spriteBoxes),
  ];
  for (const b of slots)
    if (!isCovered(b)) {
      regions.push({ box: b, key: null, next: '', canvas: null, ctx: null });
      mark(b);
    }
  /** The regions each piece box meets (pieces reuse these boxes; the win pill makes its own). */
  const meeting = new Map<Box, Region[]>();
  const regionsMeeting = (b: Box): Region[] => {
    let found = meeting.get(b);
    if (!found) {
      found = regions.filter((r) => meets(r.box, b));
      if (slots.includes(b)) meeting.set(b, found);
    }
    return found;
  };

  /** Reel r with the strip `py` design pixels down from stop 0 at the top of the window. */
  const drawReel = (ctx: Ctx, r: number, py: number, blurred: boolean) => {
    const strip = game.reels[r]!;
    const x = g.x[r]!;
    ctx.beginPath();
    ctx.rect(x, g.top, g.w, REEL_WINDOW.h);
    ctx.clip();
    ctx.drawImage(art.reelBack, x, g.top);
    const i0 = Math.floor(py / g.rowH);
    for (let i = i0; i <= i0 + game.rows; i++) {
      const sprite = art.symbols.get(strip[mod(i, strip.length)]!);
      if (sprite) ctx.drawImage(blurred ? sprite.blur : sprite.sharp, x, g.top + i * g.rowH - py);
    }
    ctx.drawImage(art.reelShade, x, g.top);
  };

  const addPill = (pieces: Piece[], text: string, border: string, px: number) => {
    const sprite = pillSprite(art, text, border, px);
    pieces.push({
      id: 'pill',
      key: `${text}|${border}|${px}`,
      box: box({ x: sprite.x, y: sprite.y, w: sprite.canvas.width, h: sprite.canvas.height }),
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite.canvas, sprite.x, sprite.y),
    });
  };

  /** `since`: ms since the result was first shown, in WIN_STEP_MS steps. */
  const addWin = (pieces: Piece[], outcome: SpinOutcome, since: number) => {
    // All wins together first, then each line (and the scatter, last) in turn.
    const { lines, scatter } = outcome;
    const steps = lines.length + (scatter ? 1 : 0);
    const all = since < 1200;
    const current = all ? -1 : Math.floor((since - 1200) / 1000) % steps;
    const wins = all ? lines : current < lines.length ? [lines[current]!] : [];
    const scatterCells = scatter && (all || current === lines.length) ? scatter.cells : [];
    const lit = new Set<string>();
    for (const w of wins) {
      const rows = game.lines[w.line]!;
      for (let r = 0; r < w.count; r++) lit.add(`${r},${rows[r]}`);
    }
    for (const [reel, row] of scatterCells) lit.add(`${reel},${row}`);
    pieces.push({
      id: 'dim',
      key: [...lit].sort().join(' '),
      box: windowBox,
      draw: (ctx) => {
        ctx.fillStyle = 'rgba(0,0,0,0.45)';
        for (let r = 0; r < game.reels.length; r++)
          for (let row = 0; row < game.rows; row++)
            if (!lit.has(`${r},${row}`)) ctx.fillRect(g.x[r]!, g.top + row * g.rowH, g.w, g.rowH);
      },
    });
    const pulse = 0.65 + 0.35 * Math.sin(since / 90);
    /** A winning symbol's frame, pulsing. */
    const frame = (id: string, key: string, reel: number, row: number, colour: string) => {
      pieces.push({
        id,
        key: `${key}|${pulse}`,
        box: cellBoxes[reel]![row]!,
        draw: (ctx) => {
          ctx.lineJoin = 'round';
          ctx.strokeStyle = colour;
          ctx.globalAlpha = pulse;
          ctx.lineWidth = 4;
          ctx.strokeRect(g.x[reel]! + 3, g.top + row * g.rowH + 3, g.w - 6, g.rowH - 6);
        },
      });
    };
    wins.forEach((w, k) => {
      const rows = game.lines[w.line]!;
      const colour = LINE_COLOURS[w.line % LINE_COLOURS.length]!;
      pieces.push({
        id: `line${k}`,
        key: String(w.line),
        box: overlayBox,
        plain: true,
        draw: (ctx) => ctx.drawImage(art.lines[w.line]!, OVERLAY.x, OVERLAY.y),
      });
      for (let r = 0; r < w.count; r++) frame(`line${k}.${r}`, String(w.line), r, rows[r]!, colour);
    });
    scatterCells.forEach(([reel, row], k) => {
      frame(`scatter.${k}`, 'scatter', reel, row, SCATTER_COLOUR);
    });
    if (all) {
      addPill(pieces, `WIN ${formatMoney(outcome.win)}`, '#ffd54a', 18);
    } else if (wins.length > 0) {
      const w = wins[0]!;
      addPill(
        pieces,
        `LINE ${w.line + 1}  PAYS ${formatMoney(w.pay)}`,
        LINE_COLOURS[w.line % LINE_COLOURS.length]!,
        16,
      );
    } else if (scatter) {
      addPill(
        pieces,
        `${scatter.count} SCATTERS PAY ${formatMoney(scatter.pay)}`,
        SCATTER_COLOUR,
        16,
      );
    }
  };

  /** What a hand pay or a fault puts over the reels, or null. */
  const addNotice = (pieces: Piece[], state: EgmState) => {
    let text: NoticeText | null = null;
    const handPay = state.handPay > 0 ? formatMoney(state.handPay) : null;
    if (state.status === 'fault') {
      const tilted = state.tilt !== null;
      text = {
        title: state.doorOpen ? 'DOOR OPEN' : tilted ? 'TILT' : 'OUT OF SERVICE',
        detail: handPay
          ? `HAND PAY PENDING ${handPay}`
          : tilted
            ? state.tilt!.toUpperCase()
            : 'PLAY RESUMES WHEN THE DOOR CLOSES',
        amount: null,
      };
    } else if (handPay !== null)
      text = { title: 'HAND PAY PENDING', detail: 'PLEASE CALL AN ATTENDANT', amount: handPay };
    if (!text) return;
    const sprite = noticeSprite(art, text);
    const key = `${text.title}|${text.detail}|${text.amount}`;
    pieces.push({
      id: 'notice',
      key,
      box: box({ x: sprite.x, y: sprite.y, w: sprite.canvas.width, h: sprite.canvas.height }),
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite.canvas, sprite.x, sprite.y),
    });
  };

  const addMeter = (
    pieces: Piece[],
    id: keyof typeof meters,
    value: string,
    colour: string,
    glow: number,
  ) => {
    const r = meters[id];
    pieces.push({
      id,
      key: `${value}|${colour}|${glow}`,
      box: meterBoxes[id],
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
  };

  /** Everything over the background for the current state, in drawing order. */
  const piecesNow = (nowMs: number): Piece[] => {
    const t = egm.now();
    const state = egm.state;
    const spin = egm.spin;
    const out: Piece[] = [];

    // Reels, to the pixel.
    const stops = egm.stops;
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
      const py = Math.round((position - above) * g.rowH);
      const blurred = speed > 6;
      out.push({
        id: `reel${r}`,
        key: `${py}${blurred ? 'b' : ''}`,
        box: reelBoxes[r]!,
        opaque: reelInside[r]!,
        draw: (ctx) => drawReel(ctx, r, py, blurred),
      });
    }

    // Win presentation.
    const outcome = spin ? null : egm.lastOutcome;
    if (outcome !== shown) {
      shown = outcome;
      shownAt = t;
    }
    const since = Math.floor((t - shownAt) / WIN_STEP_MS) * WIN_STEP_MS;
    const winning = outcome !== null && (outcome.lines.length > 0 || outcome.scatter !== null);
    const locked = state.status === 'handpay' || state.status === 'fault';
    if (winning) addWin(out, outcome, since);
    else if (!spin && !locked && state.credits < state.bet)
      addPill(
        out,
        state.credits < game.betLevels[0]! ? 'ADD CREDITS TO PLAY' : 'LOWER THE BET TO PLAY',
        '#a8791a',
        16,
      );
    addNotice(out, state);

    // Chasing lights: fast while spinning, all flashing on a win, slow otherwise.
    const step = Math.floor(nowMs / (spin ? 70 : 260));
    const flash = winning && t - shownAt < 3000 ? Math.floor(nowMs / 160) % 2 === 0 : null;
    for (const side of ['left', 'right'] as const) {
      const xs = side === 'left' ? BULBS_LEFT : BULBS_RIGHT;
      const on = xs.map(
        (_, j) => flash ?? (step + (side === 'left' ? j : xs.length - 1 - j)) % 3 === 0,
      );
      out.push({
        id: `bulbs-${side}`,
        key: on.map((o) => (o ? 1 : 0)).join(''),
        box: bulbBoxes[side],
        plain: true,
        draw: (ctx) => {
          xs.forEach((x, j) => {
            ctx.drawImage(on[j] ? art.bulbOn : art.bulbOff, x - 10, BULB_Y - 10);
          });
        },
      });
    }

    // Meters.
    addMeter(out, 'credit', formatMoney(state.credits), '#fff1c7', 0);
    addMeter(out, 'bet', formatMoney(state.bet), '#ffffff', 0);
    const winGlow = state.win > 0 ? 0.6 + 0.4 * Math.sin(since / 150) : 0;
    addMeter(out, 'win', formatMoney(state.win), state.win > 0 ? '#ffd54a' : '#8c7a5c', winGlow);

    // Buttons.
    const levels = game.betLevels;
    const press = egm.lastPress;
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
      const r = buttonPixels[b];
      out.push({
        id: b,
        key: variant,
        box: spriteBoxes[b],
        plain: true,
        draw: (ctx) => ctx.drawImage(sprite, r.x - BUTTON_PAD, r.y - BUTTON_PAD),
      });
    }
    return out;
  };

  /** A canvas showing the screen from (x0, y0), drawn on in design pixels. */
  const surface = (b: Box): { canvas: Canvas; ctx: Ctx } => {
    const canvas = createCanvas(b.x1 - b.x0, b.y1 - b.y0);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(sx, 0, 0, sy, -b.x0, -b.y0);
    return { canvas, ctx };
  };

  /**
   * Draws the background and then `list` (with `b`, only the pieces that meet b, and nothing under
   * an opaque piece that covers all of b).
   */
  const paint = (ctx: Ctx, list: Piece[], b?: Box) => {
    let from = -1;
    if (b)
      for (let i = list.length - 1; i >= 0 && from < 0; i--) {
        const o = list[i]!.opaque;
        if (o && contains(o, b)) from = i;
      }
    if (from < 0) {
      ctx.drawImage(art.background, 0, 0);
      from = 0;
    }
    for (let i = from; i < list.length; i++) {
      const p = list[i]!;
      if (b && !meets(p.box, b)) continue;
      if (p.plain) {
        p.draw(ctx);
        continue;
      }
      ctx.save();
      p.draw(ctx);
      ctx.restore();
    }
  };

  /** Redraws a region on its canvas and copies it into the frame. */
  const redraw = (r: Region, list: Piece[]) => {
    if (!r.canvas || !r.ctx) Object.assign(r, surface(r.box));
    paint(r.ctx!, list, r.box);
    const src = r.canvas!.data();
    const { x0, y0, x1, y1 } = r.box;
    const rowBytes = (x1 - x0) * 4;
    if (x0 === 0 && x1 === width) bytes.set(src, y0 * rowBytes);
    else
      for (let y = y0, at = 0; y < y1; y++, at += rowBytes)
        bytes.set(src.subarray(at, at + rowBytes), (y * width + x0) * 4);
  };

  const renderFrame = (
    nowMs: number,
    frameNumber: number,
  ): { rgba: Uint8ClampedArray; changed: boolean } => {
    const list = piecesNow(nowMs);
    for (const r of regions) r.next = '';
    for (const p of list) {
      const part = `${p.id}=${p.key};`;
      for (const r of regionsMeeting(p.box)) r.next += part;
    }
    const dirty = new Set<Region>();
    for (const r of regions)
      if (r.next !== r.key) {
        r.key = r.next;
        dirty.add(r);
      }
    const first = !started;
    started = true;
    const changed = first || dirty.size > 0;
    if (fullRedraw || first) {
      whole ??= surface({ x0: 0, y0: 0, x1: width, y1: height });
      paint(whole.ctx, list);
      bytes.set(whole.canvas.data());
      // Later frames only redraw regions.
      if (!fullRedraw) whole = null;
    } else if (dirty.size > 0) {
      for (const group of groups)
        if (group.members.every((m) => dirty.has(m))) {
          for (const m of group.members) dirty.delete(m);
          redraw(group, list);
        }
      for (const r of dirty) redraw(r, list);
    }
    if (stamp) writeFrameStamp(rgba, width, height, { timeMs: nowMs, frame: frameNumber });
    return { rgba, changed };
  };

  return {
    width,
    height,
    renderFrame,
    render(nowMs: number, frameNumber: number): Uint8ClampedArray {
      return renderFrame(nowMs, frameNumber).rgba.slice();
    },
  };
}
