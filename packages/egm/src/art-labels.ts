// Labels drawn on demand over the reel window and cached by text: the pill at its foot (wins,
// ADD CREDITS) and the hand pay and fault notices over its middle.
import { createCanvas } from '@napi-rs/canvas';
import { metalGradient } from './art-cabinet';
import { type Ctx, SANS } from './draw-kit';
import { offscreen } from './offscreen';
import { drawPanel } from './panel';
import type { Art, Sprite } from './screen-art';

let measurer: Ctx | null = null;

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
    border: (c, y0, y1) => metalGradient(c, art.look, y0, y1),
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
