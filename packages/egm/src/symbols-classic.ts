// The classic reel symbols: cherry, lemon, plum, bell, bars and the seven; the seven and the bars
// take their colours from the machine's look.
import { type Ctx, radial, SANS, SERIF, shadedBall } from './draw-kit';
import type { SymbolTint } from './symbols';

export function cherry(ctx: Ctx, cx: number, cy: number): void {
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#2e6b1c';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(cx - 15, cy + 4);
  ctx.quadraticCurveTo(cx - 10, cy - 16, cx + 6, cy - 27);
  ctx.moveTo(cx + 17, cy + 6);
  ctx.quadraticCurveTo(cx + 13, cy - 12, cx + 6, cy - 27);
  ctx.stroke();
  ctx.fillStyle = '#46a83a';
  ctx.strokeStyle = '#235c17';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.ellipse(cx + 20, cy - 25, 13, 6, -0.35, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  for (const [x, y] of [
    [cx - 15, cy + 13],
    [cx + 17, cy + 15],
  ] as const) {
    const stops: Array<[number, string]> = [
      [0, '#ff8a8a'],
      [0.35, '#e0151b'],
      [1, '#6d0008'],
    ];
    shadedBall(ctx, x, y, 16, stops, '#4a0006', 1.5);
    ctx.fillStyle = 'rgba(255,255,255,0.75)';
    ctx.beginPath();
    ctx.ellipse(x - 6, y - 7, 4, 2.5, -0.6, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function lemon(ctx: Ctx, cx: number, cy: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(-0.22);
  ctx.beginPath();
  ctx.moveTo(-38, 0);
  ctx.bezierCurveTo(-32, -30, 32, -30, 38, 0);
  ctx.bezierCurveTo(32, 30, -32, 30, -38, 0);
  ctx.closePath();
  ctx.fillStyle = radial(ctx, 0, 0, 36, [
    [0, '#fffbd0'],
    [0.45, '#ffe033'],
    [1, '#c79100'],
  ]);
  ctx.fill();
  ctx.strokeStyle = '#8a6400';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.6)';
  ctx.beginPath();
  ctx.ellipse(-10, -11, 11, 4, -0.1, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

export function plum(ctx: Ctx, cx: number, cy: number): void {
  ctx.strokeStyle = '#5a3a12';
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx, cy - 20);
  ctx.quadraticCurveTo(cx + 2, cy - 28, cx + 8, cy - 31);
  ctx.stroke();
  ctx.fillStyle = radial(ctx, cx, cy + 4, 28, [
    [0, '#e2b6ff'],
    [0.35, '#8e3fd6'],
    [1, '#35085c'],
  ]);
  ctx.beginPath();
  ctx.ellipse(cx, cy + 4, 26, 28, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#2a0648';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.strokeStyle = 'rgba(40,5,70,0.6)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx + 2, cy - 22);
  ctx.quadraticCurveTo(cx + 10, cy + 4, cx + 2, cy + 30);
  ctx.stroke();
  ctx.fillStyle = '#4caf50';
  ctx.beginPath();
  ctx.ellipse(cx - 12, cy - 26, 12, 5, 0.4, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.beginPath();
  ctx.ellipse(cx - 10, cy - 6, 5, 8, 0.3, 0, Math.PI * 2);
  ctx.fill();
}

export function bell(ctx: Ctx, cx: number, cy: number): void {
  const gold = ctx.createLinearGradient(cx - 34, 0, cx + 34, 0);
  gold.addColorStop(0, '#7a5608');
  gold.addColorStop(0.35, '#ffe89a');
  gold.addColorStop(0.6, '#f2b705');
  gold.addColorStop(1, '#6e4a04');
  ctx.fillStyle = '#5c4306';
  ctx.beginPath();
  ctx.arc(cx, cy + 24, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy - 28, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(cx, cy - 26);
  ctx.bezierCurveTo(cx + 20, cy - 26, cx + 22, cy - 6, cx + 24, cy + 6);
  ctx.quadraticCurveTo(cx + 26, cy + 14, cx + 36, cy + 18);
  ctx.lineTo(cx - 36, cy + 18);
  ctx.quadraticCurveTo(cx - 26, cy + 14, cx - 24, cy + 6);
  ctx.bezierCurveTo(cx - 22, cy - 6, cx - 20, cy - 26, cx, cy - 26);
  ctx.closePath();
  ctx.fillStyle = gold;
  ctx.fill();
  ctx.strokeStyle = '#5c4306';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = gold;
  ctx.beginPath();
  ctx.roundRect(cx - 37, cy + 16, 74, 7, 3);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.beginPath();
  ctx.ellipse(cx - 9, cy - 10, 4, 11, 0.15, 0, Math.PI * 2);
  ctx.fill();
}

export function barPlate(
  ctx: Ctx,
  cx: number,
  cy: number,
  size: { w: number; h: number; fontPx: number },
  tint: SymbolTint['bar'],
): void {
  const { w, h, fontPx } = size;
  ctx.fillStyle = tint.plate;
  ctx.strokeStyle = tint.edge;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, cy - h / 2, w, h, 5);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = tint.inner;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.roundRect(cx - w / 2 + 4, cy - h / 2 + 4, w - 8, h - 8, 3);
  ctx.stroke();
  ctx.fillStyle = tint.text;
  ctx.font = `italic bold ${fontPx}px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('BAR', cx, cy + 1);
}

export function seven(ctx: Ctx, cx: number, cy: number, tint: SymbolTint['seven']): void {
  ctx.font = `italic bold 76px ${SERIF}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const fill = ctx.createLinearGradient(0, cy - 30, 0, cy + 30);
  fill.addColorStop(0, tint.light);
  fill.addColorStop(0.5, tint.mid);
  fill.addColorStop(1, tint.dark);
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#5c3a00';
  ctx.lineWidth = 9;
  ctx.strokeText('7', cx, cy + 3);
  ctx.strokeStyle = tint.edge;
  ctx.lineWidth = 5;
  ctx.strokeText('7', cx, cy + 3);
  ctx.fillStyle = fill;
  ctx.fillText('7', cx, cy + 3);
}
