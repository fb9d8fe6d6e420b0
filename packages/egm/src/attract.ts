// Attract mode: what an idle cabinet shows to draw players in. A panel over the reels turns
// through pages (touch to play, then the top pays), the title plate pulses and the bulbs chase.
// Everything is a function of the machine's state and the time since it went idle, and only
// small parts of the screen change between steps: the panel changes page every few seconds, the
// title and bulbs step a few times a second.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { GameDefinition } from './game';
import type { LayoutGeometry } from './layout';
import type { Look } from './looks';
import { drawPanel, drawPlateTitle } from './panel';
import { drawSymbol, SANS, SERIF } from './symbols';

type Ctx = SKRSContext2D;

/** Idle this long (no game, input or transfer) and the screen turns to attract mode. */
export const ATTRACT_AFTER_MS = 30_000;
/** The title pulses and the bulbs chase in steps this long (4 a second). */
export const ATTRACT_STEP_MS = 250;
/** How long each page of the panel shows. */
export const ATTRACT_PAGE_MS = 3_000;
/** The title's glow, in steps: up and down again. */
export const TITLE_PULSE = [0, 1, 2, 3, 4, 3, 2, 1] as const;

export type AttractPage =
  | { kind: 'play'; heading: string; detail: string }
  | { kind: 'pay'; symbol: string; count: number; pay: number };

/** The panel's pages: touch to play (or insert credits), then the game's three best line pays. */
export function attractPages(game: GameDefinition, credits: number): AttractPage[] {
  const lines = game.lines.length;
  const play: AttractPage = {
    kind: 'play',
    heading: credits >= game.betLevels[0]! ? 'TOUCH TO PLAY' : 'INSERT CREDITS',
    detail:
      lines > 1
        ? `${game.reels.length} REELS · ${lines} LINES`
        : `${game.reels.length} REELS · 1 LINE`,
  };
  const best = new Map<string, { count: number; pay: number }>();
  for (const rule of game.paytable) {
    if (rule.symbols.length !== 1 || rule.count < game.reels.length) continue;
    const symbol = rule.symbols[0]!;
    if ((best.get(symbol)?.pay ?? 0) < rule.pay)
      best.set(symbol, { count: rule.count, pay: rule.pay });
  }
  const pays = [...best]
    .sort((a, b) => b[1].pay - a[1].pay)
    .slice(0, 3)
    .map(([symbol, { count, pay }]): AttractPage => ({ kind: 'pay', symbol, count, pay }));
  return [play, ...pays];
}

/** The page shown `sinceMs` after attract mode began. */
export function attractPageAt(pages: AttractPage[], sinceMs: number): number {
  return Math.floor(sinceMs / ATTRACT_PAGE_MS) % pages.length;
}

export function pageKey(page: AttractPage): string {
  return page.kind === 'play'
    ? `play|${page.heading}|${page.detail}`
    : `pay|${page.symbol}|${page.count}|${page.pay}`;
}

/** A drawing to put at (x, y) in design pixels (whole pixels). */
export interface AttractSprite {
  canvas: Canvas;
  x: number;
  y: number;
}

/** The panel's headings: warm gold on every look, for contrast on its dark fill. */
function gold(ctx: Ctx, y0: number, y1: number) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  g.addColorStop(0, '#fff6cf');
  g.addColorStop(0.5, '#ffc53d');
  g.addColorStop(1, '#ff9d1c');
  return g;
}

/** A page of the panel, centred over the reel window. */
export function drawAttractPanel(
  geo: LayoutGeometry,
  page: AttractPage,
  look: Look,
): AttractSprite {
  const win = geo.reelWindow;
  const w = Math.min(400, win.w - 24);
  const h = Math.min(176, win.h - 40);
  const pad = 10;
  const x = Math.round(win.x + (win.w - w) / 2) - pad;
  const y = Math.round(win.y + (win.h - h) / 2) - pad;
  const canvas = createCanvas(w + pad * 2, h + pad * 2);
  const ctx = canvas.getContext('2d');
  ctx.translate(pad, pad);
  drawPanel(ctx, w, h, {
    glow: look.panelGlow,
    blur: 14,
    top: look.panel[0],
    bottom: look.panel[1],
    radius: 18,
    border: gold,
  });
  const text = (s: string, font: string, cy: number, fill: Ctx['fillStyle']) => {
    ctx.font = font;
    ctx.fillStyle = 'rgba(0,0,0,0.6)';
    ctx.fillText(s, w / 2 + 2, cy + 3, w - 32);
    ctx.fillStyle = fill;
    ctx.fillText(s, w / 2, cy, w - 32);
  };
  if (page.kind === 'play') {
    text(page.heading, `bold 44px ${SERIF}`, h * 0.4, gold(ctx, h * 0.4 - 22, h * 0.4 + 22));
    text(page.detail, `bold 17px ${SANS}`, h * 0.72, '#ffe9b0');
  } else {
    text('TOP PAY', `bold 17px ${SANS}`, 22, '#ffe9b0');
    // The winning symbols in a row, as big as the panel allows.
    const size = Math.min(70, (w - 40) / page.count);
    const scale = size / 100;
    const cy = h / 2 + 2;
    for (let i = 0; i < page.count; i++) {
      ctx.save();
      ctx.translate(w / 2 + (i - (page.count - 1) / 2) * size, cy);
      ctx.scale(scale, scale);
      drawSymbol(ctx, page.symbol, 0, 0, look.tint);
      ctx.restore();
    }
    text(`PAYS ${page.pay} × LINE BET`, `bold 24px ${SERIF}`, h - 26, gold(ctx, h - 38, h - 14));
  }
  return { canvas, x, y };
}

/** The title plate lit up: drawn over the plate with the pulse's alpha. */
export function drawTitleGlow(geo: LayoutGeometry, look: Look, title: string): AttractSprite {
  const plate = geo.title;
  const pad = 8;
  const canvas = createCanvas(plate.w + pad * 2, plate.h + pad * 2);
  const ctx = canvas.getContext('2d');
  ctx.translate(pad, pad);
  ctx.shadowColor = `rgba(${look.bulb[1]},0.95)`;
  ctx.shadowBlur = 8;
  const lit = ctx.createLinearGradient(0, 0, 0, plate.h);
  lit.addColorStop(0, look.plateLit[0]);
  lit.addColorStop(1, look.plateLit[1]);
  ctx.fillStyle = lit;
  ctx.beginPath();
  ctx.roundRect(0, 0, plate.w, plate.h, 12);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.shadowColor = 'transparent';
  ctx.strokeStyle = '#fff3c0';
  ctx.lineWidth = 3;
  ctx.stroke();
  // A dark title stays dark on its lit plate; a light one turns near white.
  const dark = look.titleFill !== 'metal' && !isLight(look.titleFill);
  drawPlateTitle(
    ctx,
    title.toUpperCase(),
    { x: 0, y: 0, w: plate.w, h: plate.h },
    dark ? 'rgba(255,250,230,0.6)' : 'rgba(0,0,0,0.7)',
    dark ? look.titleFill : '#fffbe8',
  );
  return { canvas, x: plate.x - pad, y: plate.y - pad };
}

/** Whether a #rrggbb colour is light (relative luminance over one half). */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.5;
}
