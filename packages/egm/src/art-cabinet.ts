// The cabinet behind everything, drawn once per machine and layout in its look: background and
// pattern, trim, the title plate with the machine's name, the reel window's frame, the line
// numbers either side of it and the meter boxes.
import type { Canvas } from '@napi-rs/canvas';
import { type Ctx, SANS } from './draw-kit';
import { FRAME_STAMP } from './frame-stamp';
import type { GameDefinition } from './game';
import type { LayoutGeometry, MeterName } from './layout';
import type { Look } from './looks';
import { drawPlateTitle } from './panel';

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

export interface ReelGeometry {
  x: number[];
  w: number;
  rowH: number;
  top: number;
}

/** A line's number beside the reel window, left and right: centres and radius. */
export interface LineMarker {
  left: { x: number; y: number };
  right: { x: number; y: number };
  radius: number;
}

/** The look's metal as a vertical gradient between two heights. */
export function metalGradient(ctx: Ctx, look: Look, y0: number, y1: number) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  const [a, b, c, d] = look.metal;
  g.addColorStop(0, a);
  g.addColorStop(0.45, b);
  g.addColorStop(0.55, c);
  g.addColorStop(1, d);
  return g;
}

/** The look's faint repeating pattern over the whole background. */
function drawPattern(ctx: Ctx, look: Look, w: number, h: number): void {
  ctx.save();
  ctx.fillStyle = look.patternColour;
  ctx.strokeStyle = look.patternColour;
  ctx.lineWidth = 2;
  switch (look.pattern) {
    case 'rays':
      for (let k = 0; k < 24; k += 2) {
        const a0 = (k * Math.PI) / 12;
        const a1 = ((k + 1) * Math.PI) / 12;
        ctx.beginPath();
        ctx.moveTo(w / 2, h * 0.4);
        ctx.lineTo(w / 2 + Math.cos(a0) * w, h * 0.4 + Math.sin(a0) * w);
        ctx.lineTo(w / 2 + Math.cos(a1) * w, h * 0.4 + Math.sin(a1) * w);
        ctx.fill();
      }
      break;
    case 'argyle':
      for (let y = 0; y < h; y += 48)
        for (let x = (y / 48) % 2 === 0 ? 0 : 24; x < w; x += 48) {
          ctx.beginPath();
          ctx.moveTo(x, y - 24);
          ctx.lineTo(x + 18, y);
          ctx.lineTo(x, y + 24);
          ctx.lineTo(x - 18, y);
          ctx.fill();
        }
      break;
    case 'dots':
      for (let y = 10; y < h; y += 22)
        for (let x = (y / 22) % 2 < 1 ? 10 : 21; x < w; x += 22) {
          ctx.beginPath();
          ctx.arc(x, y, 3.5, 0, Math.PI * 2);
          ctx.fill();
        }
      break;
    case 'stripes':
      for (let x = -h; x < w; x += 28) ctx.fillRect(x, 0, 12, h);
      break;
    case 'stars':
      drawStars(ctx, w, h);
      break;
    case 'chevrons':
      for (let y = 0; y < h + 30; y += 30) {
        ctx.beginPath();
        for (let x = 0; x <= w; x += 30) ctx.lineTo(x, y + ((x / 30) % 2 === 0 ? 0 : 14));
        ctx.stroke();
      }
      break;
    case 'bricks':
      for (let y = 0, row = 0; y < h; y += 24, row++)
        for (let x = row % 2 === 0 ? 0 : -30; x < w; x += 60) ctx.strokeRect(x + 2, y + 2, 56, 20);
      break;
    case 'none':
      break;
  }
  ctx.restore();
}

/** A night sky: small stars at fixed pseudo-random places, a few with a glint. */
function drawStars(ctx: Ctx, w: number, h: number): void {
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let k = 0; k < 120; k++) {
    const [x, y, r] = [next() * w, next() * h, 0.6 + next() * 1.4];
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    if (r > 1.8) ctx.fillRect(x - 4, y - 0.5, 8, 1);
  }
}

function drawCabinet(ctx: Ctx, look: Look, geo: LayoutGeometry): void {
  const { width, height, reelWindow } = geo;
  const bg = ctx.createLinearGradient(0, 0, 0, height);
  bg.addColorStop(0, look.background[0]);
  bg.addColorStop(0.5, look.background[1]);
  bg.addColorStop(1, look.background[2]);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  drawPattern(ctx, look, width, height);
  const glowX = width / 2;
  const glowY = reelWindow.y + reelWindow.h / 2;
  const glow = ctx.createRadialGradient(glowX, glowY, 40, glowX, glowY, 340);
  glow.addColorStop(0, `rgba(${look.glow},0.22)`);
  glow.addColorStop(1, `rgba(${look.glow},0)`);
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = look.trim;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(4, 4, width - 8, height - FRAME_STAMP.height - 10, 14);
  ctx.stroke();
}

function drawPlate(ctx: Ctx, look: Look, geo: LayoutGeometry, title: string): void {
  const plate = geo.title;
  const fill = ctx.createLinearGradient(0, plate.y, 0, plate.y + plate.h);
  fill.addColorStop(0, look.plate[0]);
  fill.addColorStop(1, look.plate[1]);
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(plate.x, plate.y, plate.w, plate.h, 12);
  ctx.fill();
  ctx.strokeStyle = metalGradient(ctx, look, plate.y, plate.y + plate.h);
  ctx.lineWidth = 3;
  ctx.stroke();
  const text =
    look.titleFill === 'metal'
      ? metalGradient(ctx, look, plate.y + 8, plate.y + plate.h - 8)
      : look.titleFill;
  drawPlateTitle(ctx, title.toUpperCase(), plate, look.titleShadow, text);
}

function drawReelFrame(ctx: Ctx, look: Look, geo: LayoutGeometry, g: ReelGeometry): void {
  const f = geo.reelWindow;
  ctx.shadowColor = 'rgba(0,0,0,0.7)';
  ctx.shadowBlur = 14;
  ctx.fillStyle = metalGradient(ctx, look, f.y - 8, f.y + f.h + 8);
  ctx.beginPath();
  ctx.roundRect(f.x - 10, f.y - 8, f.w + 20, f.h + 16, 14);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.fillStyle = '#0a0709';
  ctx.beginPath();
  ctx.roundRect(f.x - 3, f.y - 2, f.w + 6, f.h + 4, 6);
  ctx.fill();
  // Dividers between the reels.
  for (let i = 1; i < g.x.length; i++) {
    const x = g.x[i]! - geo.reelGap / 2;
    ctx.fillStyle = metalGradient(ctx, look, g.top, g.top + f.h);
    ctx.globalAlpha = 0.55;
    ctx.fillRect(x - 1, g.top + 4, 2, f.h - 8);
    ctx.globalAlpha = 1;
  }
}

function drawLineNumbers(ctx: Ctx, markers: LineMarker[]): void {
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
}

function drawMeterBoxes(ctx: Ctx, look: Look, geo: LayoutGeometry, game: GameDefinition): void {
  const labels: Record<MeterName, string> = {
    credit: 'CREDIT',
    bet: game.lines.length > 1 ? `BET · ${game.lines.length} LINES` : 'BET',
    win: 'WIN',
  };
  for (const key of Object.keys(geo.meters) as MeterName[]) {
    const r = geo.meters[key];
    const box = ctx.createLinearGradient(0, r.y, 0, r.y + r.h);
    box.addColorStop(0, '#17121c');
    box.addColorStop(1, '#050406');
    ctx.fillStyle = box;
    ctx.beginPath();
    ctx.roundRect(r.x, r.y, r.w, r.h, 9);
    ctx.fill();
    ctx.strokeStyle = look.meterBorder;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.font = `bold 11px ${SANS}`;
    ctx.fillStyle = look.meterLabel;
    ctx.fillText(labels[key], r.x + r.w / 2, r.y + 11, r.w - 12);
  }
}

export interface CabinetParts {
  game: GameDefinition;
  look: Look;
  title: string;
  geo: LayoutGeometry;
  geometry: ReelGeometry;
  markers: LineMarker[];
}

/** Everything under the pieces of a frame, on `canvas` (the layout's size). */
export function drawBackground(canvas: Canvas, parts: CabinetParts): Canvas {
  const { game, look, title, geo, geometry, markers } = parts;
  const ctx = canvas.getContext('2d');
  drawCabinet(ctx, look, geo);
  drawPlate(ctx, look, geo, title);
  drawReelFrame(ctx, look, geo, geometry);
  drawLineNumbers(ctx, markers);
  drawMeterBoxes(ctx, look, geo, game);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, geo.height - FRAME_STAMP.height, geo.width, FRAME_STAMP.height);
  return canvas;
}
