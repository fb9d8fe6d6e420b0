// The glowing, gold-edged rounded panel that notices and the attract pages are drawn on.
import type { SKRSContext2D } from '@napi-rs/canvas';

type Ctx = SKRSContext2D;

export interface PanelStyle {
  glow: string;
  blur: number;
  /** fill gradient, top to bottom */
  top: string;
  bottom: string;
  radius: number;
  /** the border's gradient between two heights */
  border: (ctx: Ctx, y0: number, y1: number) => Ctx['strokeStyle'];
}

/** Draws the panel w×h at the origin; text drawn after it is centred on its anchor. */
export function drawPanel(ctx: Ctx, w: number, h: number, style: PanelStyle): void {
  ctx.shadowColor = style.glow;
  ctx.shadowBlur = style.blur;
  const fill = ctx.createLinearGradient(0, 0, 0, h);
  fill.addColorStop(0, style.top);
  fill.addColorStop(1, style.bottom);
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(0, 0, w, h, style.radius);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.strokeStyle = style.border(ctx, 0, h);
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
}
