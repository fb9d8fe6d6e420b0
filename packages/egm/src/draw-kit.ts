// What every drawing of the screen shares: the packaged fonts and a shaded ball's gradient.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { registerFonts } from './fonts';

const fonts = registerFonts();
export const SANS = `'${fonts.sans}', sans-serif`;
export const SERIF = `'${fonts.serif}', serif`;

export type Ctx = SKRSContext2D;

/** A radial gradient lit from the upper left: fruit, gems and bulbs. */
export function radial(ctx: Ctx, x: number, y: number, r: number, stops: Array<[number, string]>) {
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  for (const [o, c] of stops) g.addColorStop(o, c);
  return g;
}

/**
 * A shaded ball (a cherry, a grape): filled with `radial` over `lit` (its radius by default) and
 * outlined with `edge` at `width`.
 */
export function shadedBall(
  ctx: Ctx,
  x: number,
  y: number,
  r: number,
  stops: Array<[number, string]>,
  edge: string,
  width: number,
  lit = r,
): void {
  ctx.fillStyle = radial(ctx, x, y, lit, stops);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = edge;
  ctx.lineWidth = width;
  ctx.stroke();
}
