// The screen's art, drawn once per machine (game, look and title) and layout into offscreen
// canvases: the background (art-cabinet.ts), reel strips' backing and shade, symbol sprites sharp
// and blurred, button sprites in every state and bulbs (art-controls.ts), win lines; and the few
// labels and notices drawn on demand, cached by text (art-labels.ts).
import type { Canvas } from '@napi-rs/canvas';
import { drawBackground, LINE_COLOURS, type LineMarker, type ReelGeometry } from './art-cabinet';
import { type ButtonVariant, drawBulb, drawButtonSprite } from './art-controls';
import type { GameDefinition } from './game';
import {
  type Button,
  buttons,
  type LayoutGeometry,
  layoutGeometry,
  type Rect,
  type ScreenLayout,
} from './layout';
import type { Look } from './looks';
import { offscreen } from './offscreen';
import { drawSymbol } from './symbols';

export { LINE_COLOURS } from './art-cabinet';
export { BUTTON_PAD, type ButtonVariant } from './art-controls';
export { type NoticeText, noticeSprite, pillSprite } from './art-labels';

export const SCATTER_COLOUR = '#ffe14d';

/** Where win lines (and everything else of the win presentation) are drawn. */
function overlayOf(geo: LayoutGeometry): Rect {
  const w = geo.reelWindow;
  return { x: w.x - 20, y: w.y - 6, w: w.w + 40, h: w.h + 12 };
}

export interface Art {
  geo: LayoutGeometry;
  look: Look;
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

/** A drawing to put at (x, y) in design pixels. */
export interface Sprite {
  canvas: Canvas;
  x: number;
  y: number;
}

/** Per game, the art of each look, title and layout shown. */
const artCache = new WeakMap<GameDefinition, Map<string, Art>>();

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

function drawReelBack(g: ReelGeometry, REEL_WINDOW: Rect, look: Look): Canvas {
  const [c, ctx] = offscreen(g.w, REEL_WINDOW.h);
  const grad = ctx.createLinearGradient(0, 0, 0, REEL_WINDOW.h);
  grad.addColorStop(0, look.reel[0]);
  grad.addColorStop(0.5, look.reel[1]);
  grad.addColorStop(1, look.reel[0]);
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

function drawSymbolSprites(game: GameDefinition, g: ReelGeometry, look: Look): Art['symbols'] {
  const out: Art['symbols'] = new Map();
  const scale = Math.min(1, g.rowH / 80, g.w / 110);
  for (const id of game.symbols) {
    const [sharp, sctx] = offscreen(g.w, g.rowH);
    sctx.translate(g.w / 2, g.rowH / 2);
    sctx.scale(scale, scale);
    drawSymbol(sctx, id, 0, 0, look.tint);
    // Motion blur: the sharp sprite smeared vertically.
    const [blur, bctx] = offscreen(g.w, g.rowH);
    const taps = 15;
    bctx.globalAlpha = 0.16;
    for (let k = 0; k < taps; k++) bctx.drawImage(sharp, 0, (k - (taps - 1) / 2) * 2);
    out.set(id, { sharp, blur });
  }
  return out;
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

function drawButtons(geo: LayoutGeometry, look: Look): Art['buttons'] {
  const sprites = {} as Art['buttons'];
  for (const b of buttons) {
    const variants: ButtonVariant[] =
      b === 'auto'
        ? ['normal', 'pressed', 'disabled', 'lit', 'lit-pressed']
        : ['normal', 'pressed', 'disabled'];
    sprites[b] = Object.fromEntries(variants.map((v) => [v, drawButtonSprite(geo, look, b, v)]));
  }
  return sprites;
}

/** The art of `game` in `look` with `title` on the plate, for `layout`; kept and shared. */
export function buildArt(
  game: GameDefinition,
  layout: ScreenLayout,
  look: Look,
  title: string,
): Art {
  const byKey = artCache.get(game) ?? new Map<string, Art>();
  artCache.set(game, byKey);
  const key = `${layout}|${look.id}|${title}`;
  const cached = byKey.get(key);
  if (cached) return cached;
  const geo = layoutGeometry[layout];
  const geometry = reelGeometry(game, geo);
  const markers = lineMarkers(game, geometry, geo);
  const [canvas] = offscreen(geo.width, geo.height);
  const art: Art = {
    geo,
    look,
    overlay: overlayOf(geo),
    background: drawBackground(canvas, { game, look, title, geo, geometry, markers }),
    reelBack: drawReelBack(geometry, geo.reelWindow, look),
    reelShade: drawReelShade(geometry, geo.reelWindow),
    symbols: drawSymbolSprites(game, geometry, look),
    buttons: drawButtons(geo, look),
    bulbOn: drawBulb(look, true),
    bulbOff: drawBulb(look, false),
    geometry,
    lineMarkers: markers,
    lines: game.lines.map((_, i) => drawLineSprite(game, geo, geometry, markers, i)),
    pills: new Map(),
    notices: new Map(),
  };
  byKey.set(key, art);
  return art;
}
