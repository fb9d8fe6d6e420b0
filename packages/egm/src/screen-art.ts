// The screen's art, drawn once per game and layout into offscreen canvases: the background
// (cabinet, title, reel frame, line numbers, meter boxes), reel strips' backing and shade, symbol
// sprites sharp and blurred, button sprites in every state, bulbs, win lines; and the few labels
// and notices drawn on demand, cached by text.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FRAME_STAMP } from './frame-stamp';
import type { GameDefinition } from './game';
import {
  type Button,
  buttons,
  type LayoutGeometry,
  layoutGeometry,
  type MeterName,
  type Rect,
  type ScreenLayout,
} from './layout';
import { drawPanel, drawPlateTitle } from './panel';
import { drawSymbol, SANS } from './symbols';

type Ctx = SKRSContext2D;

// Lines past the seventh reuse the colours, and the numbers beside the reels tell them apart.
export const LINE_COLOURS = [
  '#ff4d4d',
  '#4dc3ff',
  '#ffd84d',
  '#6dff5c',
  '#ff5cf0',
  '#ff9d3d',
  '#b08cff',
];
export const SCATTER_COLOUR = '#ffe14d';
export const BUTTON_PAD = 10;
/** Where win lines (and everything else of the win presentation) are drawn. */
function overlayOf(geo: LayoutGeometry): Rect {
  const w = geo.reelWindow;
  return { x: w.x - 20, y: w.y - 6, w: w.w + 40, h: w.h + 12 };
}

interface ReelGeometry {
  x: number[];
  w: number;
  rowH: number;
  top: number;
}

export type ButtonVariant = 'normal' | 'pressed' | 'disabled' | 'lit' | 'lit-pressed';

export interface Art {
  geo: LayoutGeometry;
  overlay: Rect;
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
export interface Sprite {
  canvas: Canvas;
  x: number;
  y: number;
}

let measurer: Ctx | null = null;

const artCache = new WeakMap<GameDefinition, Partial<Record<ScreenLayout, Art>>>();

function offscreen(w: number, h: number): [Canvas, Ctx] {
  const c = createCanvas(Math.ceil(w), Math.ceil(h));
  return [c, c.getContext('2d')];
}

function reelGeometry(game: GameDefinition, geo: LayoutGeometry): ReelGeometry {
  const REEL_WINDOW = geo.reelWindow;
  const REEL_GAP = geo.reelGap;
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
function lineMarkers(game: GameDefinition, g: ReelGeometry, geo: LayoutGeometry): LineMarker[] {
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
  const f = geo.reelWindow;
  const { inner, outer } = geo.markers;
  const left = place(0, f.x - inner, f.x - outer);
  const right = place(game.reels.length - 1, f.x + f.w + inner, f.x + f.w + outer);
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

function drawBackground(
  game: GameDefinition,
  geo: LayoutGeometry,
  geometry: ReelGeometry,
  markers: Art['lineMarkers'],
) {
  const { width: SCREEN_WIDTH, height: SCREEN_HEIGHT, reelWindow: REEL_WINDOW } = geo;
  const stampY = SCREEN_HEIGHT - FRAME_STAMP.height;
  const [canvas, ctx] = offscreen(SCREEN_WIDTH, SCREEN_HEIGHT);
  const bg = ctx.createLinearGradient(0, 0, 0, SCREEN_HEIGHT);
  bg.addColorStop(0, '#2a1330');
  bg.addColorStop(0.5, '#150a19');
  bg.addColorStop(1, '#08060b');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);
  const glowX = SCREEN_WIDTH / 2;
  const glowY = REEL_WINDOW.y + REEL_WINDOW.h / 2;
  const glow = ctx.createRadialGradient(glowX, glowY, 40, glowX, glowY, 340);
  glow.addColorStop(0, 'rgba(255,170,60,0.22)');
  glow.addColorStop(1, 'rgba(255,170,60,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, SCREEN_WIDTH, SCREEN_HEIGHT);
  // Cabinet trim.
  ctx.strokeStyle = '#8a6414';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(4, 4, SCREEN_WIDTH - 8, stampY - 10, 14);
  ctx.stroke();

  // Title plate.
  const plate = geo.title;
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
  drawPlateTitle(
    ctx,
    game.name.toUpperCase(),
    plate,
    'rgba(0,0,0,0.6)',
    goldGradient(ctx, plate.y + 8, plate.y + plate.h - 8),
  );

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
  const meters = geo.meters;
  const labels: Record<MeterName, string> = {
    credit: 'CREDIT',
    bet: game.lines.length > 1 ? `BET · ${game.lines.length} LINES` : 'BET',
    win: 'WIN',
  };
  for (const key of Object.keys(meters) as MeterName[]) {
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
    ctx.fillText(labels[key], r.x + r.w / 2, r.y + 11, r.w - 12);
  }
  ctx.fillStyle = '#000';
  ctx.fillRect(0, stampY, SCREEN_WIDTH, FRAME_STAMP.height);
  // Dividers between the reels.
  for (let i = 1; i < geometry.x.length; i++) {
    const x = geometry.x[i]! - geo.reelGap / 2;
    ctx.fillStyle = goldGradient(ctx, geometry.top, geometry.top + REEL_WINDOW.h);
    ctx.globalAlpha = 0.55;
    ctx.fillRect(x - 1, geometry.top + 4, 2, REEL_WINDOW.h - 8);
    ctx.globalAlpha = 1;
  }
  return canvas;
}

function drawReelBack(g: ReelGeometry, REEL_WINDOW: Rect): Canvas {
  const [c, ctx] = offscreen(g.w, REEL_WINDOW.h);
  const grad = ctx.createLinearGradient(0, 0, 0, REEL_WINDOW.h);
  grad.addColorStop(0, '#cfc6b4');
  grad.addColorStop(0.5, '#fffdf6');
  grad.addColorStop(1, '#cfc6b4');
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, g.w, REEL_WINDOW.h);
  return c;
}

function drawReelShade(g: ReelGeometry, REEL_WINDOW: Rect): Canvas {
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

function drawButtonSprite(geo: LayoutGeometry, button: Button, variant: ButtonVariant): Canvas {
  const r = geo.buttons[button];
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
  geo: LayoutGeometry,
  g: ReelGeometry,
  markers: Art['lineMarkers'],
  line: number,
): Canvas {
  const REEL_WINDOW = geo.reelWindow;
  const OVERLAY = overlayOf(geo);
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
export function pillSprite(art: Art, text: string, border: string, px: number): Sprite {
  const key = `${text}|${border}|${px}`;
  const cached = art.pills.get(key);
  if (cached) return cached;
  const REEL_WINDOW = art.geo.reelWindow;
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

export interface NoticeText {
  title: string;
  detail: string;
  /** Shown large between the two, or null. */
  amount: string | null;
}

/** A hand pay or fault notice over the middle of the reel window, as a sprite. */
export function noticeSprite(art: Art, text: NoticeText): Sprite {
  const key = `${text.title}|${text.detail}|${text.amount}`;
  const cached = art.notices.get(key);
  if (cached) return cached;
  const REEL_WINDOW = art.geo.reelWindow;
  const w = Math.min(380, REEL_WINDOW.w - 20);
  const h = text.amount === null ? 100 : 140;
  // Whole pixels, with room for the glow.
  const x = Math.round(REEL_WINDOW.x + (REEL_WINDOW.w - w) / 2) - 8;
  const y = Math.round(REEL_WINDOW.y + (REEL_WINDOW.h - h) / 2) - 8;
  const [canvas, ctx] = offscreen(w + 16, h + 16);
  ctx.translate(8, 8);
  drawPanel(ctx, w, h, {
    glow: 'rgba(255,90,40,0.8)',
    blur: 12,
    top: '#3a0a10',
    bottom: '#12030a',
    radius: 14,
    border: goldGradient,
  });
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

export function buildArt(game: GameDefinition, layout: ScreenLayout): Art {
  const byLayout = artCache.get(game) ?? {};
  artCache.set(game, byLayout);
  const cached = byLayout[layout];
  if (cached) return cached;
  const geo = layoutGeometry[layout];
  const geometry = reelGeometry(game, geo);
  const markers = lineMarkers(game, geometry, geo);
  const sprites = {} as Art['buttons'];
  for (const b of buttons) {
    const variants: ButtonVariant[] =
      b === 'auto'
        ? ['normal', 'pressed', 'disabled', 'lit', 'lit-pressed']
        : ['normal', 'pressed', 'disabled'];
    sprites[b] = Object.fromEntries(variants.map((v) => [v, drawButtonSprite(geo, b, v)]));
  }
  const art: Art = {
    geo,
    overlay: overlayOf(geo),
    background: drawBackground(game, geo, geometry, markers),
    reelBack: drawReelBack(geometry, geo.reelWindow),
    reelShade: drawReelShade(geometry, geo.reelWindow),
    symbols: drawSymbolSprites(game, geometry),
    buttons: sprites,
    bulbOn: drawBulb(true),
    bulbOff: drawBulb(false),
    geometry,
    lineMarkers: markers,
    lines: game.lines.map((_, i) => drawLineSprite(game, geo, geometry, markers, i)),
    pills: new Map(),
    notices: new Map(),
  };
  byLayout[layout] = art;
  return art;
}
