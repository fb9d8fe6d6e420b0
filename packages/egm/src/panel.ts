// The glowing, gold-edged rounded panel that notices and the attract pages are drawn on, and the
// machine's title on its plate.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { SERIF } from './symbols';

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

/** The machine's title centred on its plate, shrunk to fit, over a drop shadow. */
export function drawPlateTitle(
  ctx: Ctx,
  title: string,
  plate: { x: number; y: number; w: number; h: number },
  shadow: string,
  fill: Ctx['fillStyle'],
): void {
  let px = 30;
  ctx.font = `bold ${px}px ${SERIF}`;
  while (px > 14 && ctx.measureText(title).width > plate.w - 40) {
    px -= 1;
    ctx.font = `bold ${px}px ${SERIF}`;
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // A long machine name still at the smallest size is narrowed to fit the plate.
  const most = plate.w - 24;
  ctx.fillStyle = shadow;
  ctx.fillText(title, plate.x + plate.w / 2 + 2, plate.y + plate.h / 2 + 3, most);
  ctx.fillStyle = fill;
  ctx.fillText(title, plate.x + plate.w / 2, plate.y + plate.h / 2 + 1, most);
}
