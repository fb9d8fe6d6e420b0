// The 5-reel fruit game's own symbols: orange, melon, grapes, the star scatter and the wild.
import { type Ctx, radial, SANS, shadedBall } from './draw-kit';

export function orange(ctx: Ctx, cx: number, cy: number): void {
  ctx.fillStyle = radial(ctx, cx, cy + 3, 30, [
    [0, '#ffd9a0'],
    [0.4, '#ff9a1f'],
    [1, '#b54f00'],
  ]);
  ctx.beginPath();
  ctx.arc(cx, cy + 3, 29, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#7a3500';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  // Peel dimples.
  ctx.fillStyle = 'rgba(150,60,0,0.35)';
  for (const [dx, dy] of [
    [-12, 10],
    [8, 16],
    [16, -2],
    [-4, -6],
    [-18, -8],
    [2, 24],
  ] as const) {
    ctx.beginPath();
    ctx.arc(cx + dx, cy + 3 + dy, 1.6, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#3f8f2a';
  ctx.strokeStyle = '#245a14';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.ellipse(cx + 10, cy - 27, 12, 5, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.6)';
  ctx.beginPath();
  ctx.ellipse(cx - 11, cy - 9, 7, 4, -0.6, 0, Math.PI * 2);
  ctx.fill();
}

export function melon(ctx: Ctx, cx: number, cy: number): void {
  // A slice: the cut face is the top edge, the rind curves below.
  const r = 38;
  const top = cy - 12;
  ctx.beginPath();
  ctx.moveTo(cx - r, top);
  ctx.arc(cx, top, r, 0, Math.PI, false);
  ctx.closePath();
  ctx.fillStyle = '#1f7a2a';
  ctx.fill();
  ctx.strokeStyle = '#0e4216';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - r + 5, top);
  ctx.arc(cx, top, r - 5, 0, Math.PI, false);
  ctx.closePath();
  ctx.fillStyle = '#f4f8d8';
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(cx - r + 9, top);
  ctx.arc(cx, top, r - 9, 0, Math.PI, false);
  ctx.closePath();
  ctx.fillStyle = radial(ctx, cx, top + 8, r, [
    [0, '#ff8a8a'],
    [0.5, '#f0283c'],
    [1, '#b0101e'],
  ]);
  ctx.fill();
  ctx.fillStyle = '#1a0a0a';
  for (const [dx, dy] of [
    [-16, 8],
    [0, 12],
    [16, 8],
    [-8, 20],
    [8, 20],
  ] as const) {
    ctx.beginPath();
    ctx.ellipse(cx + dx, top + dy, 2.2, 3.6, dx / 40, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function grapes(ctx: Ctx, cx: number, cy: number): void {
  ctx.strokeStyle = '#5a3a12';
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx, cy - 22);
  ctx.quadraticCurveTo(cx + 2, cy - 30, cx - 4, cy - 34);
  ctx.stroke();
  ctx.fillStyle = '#4caf50';
  ctx.beginPath();
  ctx.ellipse(cx + 12, cy - 28, 12, 6, -0.3, 0, Math.PI * 2);
  ctx.fill();
  const rows: Array<[number, number[]]> = [
    [-16, [-15, -5, 5, 15]],
    [-4, [-10, 0, 10]],
    [8, [-10, 0, 10]],
    [19, [-5, 5]],
    [29, [0]],
  ];
  for (const [dy, xs] of rows)
    for (const dx of xs) {
      const x = cx + dx;
      const y = cy + dy;
      const stops: Array<[number, string]> = [
        [0, '#e6ffb0'],
        [0.45, '#7cc242'],
        [1, '#2f6b12'],
      ];
      shadedBall(ctx, x, y, 7.5, stops, '#234f0c', 1, 8);
    }
}

export function star(ctx: Ctx, cx: number, cy: number): void {
  const glow = ctx.createRadialGradient(cx, cy, 4, cx, cy, 40);
  glow.addColorStop(0, 'rgba(255,236,120,0.9)');
  glow.addColorStop(1, 'rgba(255,160,0,0)');
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(cx, cy, 40, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 34 : 14;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + r * Math.cos(a), cy + 2 + r * Math.sin(a));
  }
  ctx.closePath();
  ctx.fillStyle = radial(ctx, cx, cy + 2, 32, [
    [0, '#fffbe0'],
    [0.4, '#ffd23c'],
    [1, '#c27a00'],
  ]);
  ctx.fill();
  ctx.strokeStyle = '#7a4a00';
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.stroke();
}

export function wild(ctx: Ctx, cx: number, cy: number): void {
  const w = 96;
  const h = 54;
  const grad = ctx.createLinearGradient(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2);
  grad.addColorStop(0, '#ff3dbb');
  grad.addColorStop(0.5, '#8a1fd6');
  grad.addColorStop(1, '#2a3fe0');
  ctx.fillStyle = grad;
  ctx.strokeStyle = '#ffd54a';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, cy - h / 2, w, h, 10);
  ctx.fill();
  ctx.stroke();
  ctx.font = `italic bold 30px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#3a0a4a';
  ctx.lineWidth = 5;
  ctx.strokeText('WILD', cx, cy + 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillText('WILD', cx, cy + 2);
}
