// Vector drawings of the reel symbols; the renderer draws each once into a sprite.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { registerFonts } from './fonts';

const fonts = registerFonts();
export const SANS = `'${fonts.sans}', sans-serif`;
export const SERIF = `'${fonts.serif}', serif`;

type Ctx = SKRSContext2D;

function radial(ctx: Ctx, x: number, y: number, r: number, stops: Array<[number, string]>) {
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  for (const [o, c] of stops) g.addColorStop(o, c);
  return g;
}

function cherry(ctx: Ctx, cx: number, cy: number): void {
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
    ctx.fillStyle = radial(ctx, x, y, 16, [
      [0, '#ff8a8a'],
      [0.35, '#e0151b'],
      [1, '#6d0008'],
    ]);
    ctx.beginPath();
    ctx.arc(x, y, 16, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#4a0006';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.fillStyle = 'rgba(255,255,255,0.75)';
    ctx.beginPath();
    ctx.ellipse(x - 6, y - 7, 4, 2.5, -0.6, 0, Math.PI * 2);
    ctx.fill();
  }
}

function lemon(ctx: Ctx, cx: number, cy: number): void {
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

function plum(ctx: Ctx, cx: number, cy: number): void {
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

function bell(ctx: Ctx, cx: number, cy: number): void {
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

function barPlate(ctx: Ctx, cx: number, cy: number, w: number, h: number, fontPx: number): void {
  ctx.fillStyle = '#0b0b0b';
  ctx.strokeStyle = '#d4a017';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, cy - h / 2, w, h, 5);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = '#e0282e';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.roundRect(cx - w / 2 + 4, cy - h / 2 + 4, w - 8, h - 8, 3);
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `italic bold ${fontPx}px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('BAR', cx, cy + 1);
}

function seven(ctx: Ctx, cx: number, cy: number): void {
  ctx.font = `italic bold 76px ${SERIF}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const red = ctx.createLinearGradient(0, cy - 30, 0, cy + 30);
  red.addColorStop(0, '#ff6b5b');
  red.addColorStop(0.5, '#e0111b');
  red.addColorStop(1, '#7d0008');
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#5c3a00';
  ctx.lineWidth = 9;
  ctx.strokeText('7', cx, cy + 3);
  ctx.strokeStyle = '#ffcf3f';
  ctx.lineWidth = 5;
  ctx.strokeText('7', cx, cy + 3);
  ctx.fillStyle = red;
  ctx.fillText('7', cx, cy + 3);
}

function orange(ctx: Ctx, cx: number, cy: number): void {
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

function melon(ctx: Ctx, cx: number, cy: number): void {
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

function grapes(ctx: Ctx, cx: number, cy: number): void {
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
      ctx.fillStyle = radial(ctx, x, y, 8, [
        [0, '#e6ffb0'],
        [0.45, '#7cc242'],
        [1, '#2f6b12'],
      ]);
      ctx.beginPath();
      ctx.arc(x, y, 7.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#234f0c';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
}

function star(ctx: Ctx, cx: number, cy: number): void {
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

function wild(ctx: Ctx, cx: number, cy: number): void {
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

/** Draws symbol `id` centred on (cx, cy), about 64 px tall. Unknown ids are written as text. */
export function drawSymbol(ctx: Ctx, id: string, cx: number, cy: number): void {
  ctx.save();
  switch (id) {
    case 'cherry':
      cherry(ctx, cx, cy);
      break;
    case 'lemon':
      lemon(ctx, cx, cy);
      break;
    case 'plum':
      plum(ctx, cx, cy);
      break;
    case 'bell':
      bell(ctx, cx, cy);
      break;
    case 'bar':
      barPlate(ctx, cx, cy, 104, 38, 27);
      break;
    case 'bar2':
      barPlate(ctx, cx, cy - 15, 96, 28, 20);
      barPlate(ctx, cx, cy + 15, 96, 28, 20);
      break;
    case 'seven':
      seven(ctx, cx, cy);
      break;
    case 'orange':
      orange(ctx, cx, cy);
      break;
    case 'melon':
      melon(ctx, cx, cy);
      break;
    case 'grapes':
      grapes(ctx, cx, cy);
      break;
    case 'star':
      star(ctx, cx, cy);
      break;
    case 'wild':
      wild(ctx, cx, cy);
      break;
    default:
      ctx.fillStyle = '#222';
      ctx.font = `bold 26px ${SANS}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(id.toUpperCase(), cx, cy);
  }
  ctx.restore();
}
