// The 5-reel gem game's symbols: five cut stones, the diamond wild and the crown scatter. A stone
// is an outline and a table (its top facet) joined by facets shaded light and dark in turn.
import { type Ctx, radial, SANS } from './draw-kit';

interface StoneColours {
  light: string;
  mid: string;
  dark: string;
  edge: string;
}

type Point = readonly [number, number];

function polygon(n: number, rx: number, ry: number, turn = -Math.PI / 2): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const a = turn + (i * Math.PI * 2) / n;
    return [Math.cos(a) * rx, Math.sin(a) * ry] as const;
  });
}

function path(ctx: Ctx, cx: number, cy: number, points: readonly Point[]): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => {
    if (i === 0) ctx.moveTo(cx + x, cy + y);
    else ctx.lineTo(cx + x, cy + y);
  });
  ctx.closePath();
}

/** A faceted stone: `outline` around (cx, cy), its table the outline shrunk by `table`. */
function stone(
  ctx: Ctx,
  cx: number,
  cy: number,
  outline: readonly Point[],
  colours: StoneColours,
  table = 0.5,
): void {
  const inner = outline.map(([x, y]) => [x * table, y * table - 3] as const);
  path(ctx, cx, cy, outline);
  ctx.fillStyle = radial(ctx, cx, cy, 38, [
    [0, colours.light],
    [0.45, colours.mid],
    [1, colours.dark],
  ]);
  ctx.fill();
  outline.forEach((p, i) => {
    const q = outline[(i + 1) % outline.length]!;
    path(ctx, cx, cy, [p, q, inner[(i + 1) % inner.length]!, inner[i]!]);
    ctx.fillStyle = i % 2 === 0 ? 'rgba(255,255,255,0.22)' : 'rgba(0,0,0,0.22)';
    ctx.fill();
  });
  path(ctx, cx, cy, inner);
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.fill();
  path(ctx, cx, cy, outline);
  ctx.lineJoin = 'round';
  ctx.strokeStyle = colours.edge;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.beginPath();
  ctx.ellipse(cx + inner[0]![0] * 0.4 - 6, cy + inner[0]![1] * 0.6, 5, 2.5, -0.5, 0, Math.PI * 2);
  ctx.fill();
}

const cutCorners = (w: number, h: number, c: number): Point[] => [
  [-w / 2 + c, -h / 2],
  [w / 2 - c, -h / 2],
  [w / 2, -h / 2 + c],
  [w / 2, h / 2 - c],
  [w / 2 - c, h / 2],
  [-w / 2 + c, h / 2],
  [-w / 2, h / 2 - c],
  [-w / 2, -h / 2 + c],
];

const stones: Record<string, { outline: Point[]; colours: StoneColours; table?: number }> = {
  ruby: {
    outline: polygon(6, 34, 32),
    colours: { light: '#ffb3c0', mid: '#e0102f', dark: '#5c0010', edge: '#3a0008' },
  },
  emerald: {
    outline: cutCorners(62, 46, 12),
    colours: { light: '#b8ffd0', mid: '#13a84a', dark: '#04401a', edge: '#022a10' },
    table: 0.55,
  },
  sapphire: {
    outline: polygon(10, 33, 33),
    colours: { light: '#b8d4ff', mid: '#1f4fe0', dark: '#0a1a60', edge: '#050d38' },
  },
  amethyst: {
    outline: polygon(3, 40, 38, Math.PI / 2),
    colours: { light: '#efd0ff', mid: '#9a3fe0', dark: '#3a0a66', edge: '#24053f' },
    table: 0.45,
  },
  topaz: {
    outline: [
      [0, -36],
      [28, 0],
      [0, 36],
      [-28, 0],
    ],
    colours: { light: '#fff0c0', mid: '#ffa41f', dark: '#8a4300', edge: '#4a2400' },
  },
};

/** The wild: a brilliant-cut diamond seen from the side, WILD across it. */
function diamondWild(ctx: Ctx, cx: number, cy: number): void {
  const crown: Point[] = [
    [-22, -30],
    [22, -30],
    [40, -12],
    [-40, -12],
  ];
  const pavilion: Point[] = [
    [-40, -12],
    [40, -12],
    [0, 34],
  ];
  const ice = { light: '#ffffff', mid: '#9fe8ff', dark: '#2a7fa8', edge: '#0a3a52' };
  stone(ctx, cx, cy, pavilion, ice, 0.45);
  stone(ctx, cx, cy, crown, ice, 0.6);
  ctx.font = `italic bold 26px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#0a2a5a';
  ctx.lineWidth = 5;
  ctx.strokeText('WILD', cx, cy + 6);
  ctx.fillStyle = '#ffffff';
  ctx.fillText('WILD', cx, cy + 6);
}

/** The scatter: a gold crown set with stones, on a glow. */
function crown(ctx: Ctx, cx: number, cy: number): void {
  const glow = ctx.createRadialGradient(cx, cy, 4, cx, cy, 42);
  glow.addColorStop(0, 'rgba(255,230,120,0.85)');
  glow.addColorStop(1, 'rgba(255,160,0,0)');
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(cx, cy, 42, 0, Math.PI * 2);
  ctx.fill();
  const gold = ctx.createLinearGradient(0, cy - 30, 0, cy + 24);
  gold.addColorStop(0, '#fff3b0');
  gold.addColorStop(0.5, '#f2b705');
  gold.addColorStop(1, '#8a5a00');
  path(ctx, cx, cy, [
    [-36, 22],
    [-40, -22],
    [-18, 0],
    [0, -32],
    [18, 0],
    [40, -22],
    [36, 22],
  ]);
  ctx.fillStyle = gold;
  ctx.fill();
  ctx.strokeStyle = '#5c3a00';
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.beginPath();
  ctx.roundRect(cx - 38, cy + 16, 76, 12, 4);
  ctx.fill();
  ctx.stroke();
  for (const [dx, colour] of [
    [-22, '#e0102f'],
    [0, '#1f4fe0'],
    [22, '#13a84a'],
  ] as const) {
    ctx.fillStyle = radial(ctx, cx + dx, cy + 8, 6, [
      [0, '#ffffff'],
      [0.4, colour],
      [1, '#000000'],
    ]);
    ctx.beginPath();
    ctx.arc(cx + dx, cy + 8, 5.5, 0, Math.PI * 2);
    ctx.fill();
  }
  for (const [x, y] of [
    [-40, -22],
    [0, -32],
    [40, -22],
  ] as const) {
    ctx.fillStyle = '#fff7d0';
    ctx.beginPath();
    ctx.arc(cx + x, cy + y, 4, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Draws a gem game symbol; false when `id` is not one of them. */
export function drawGemSymbol(ctx: Ctx, id: string, cx: number, cy: number): boolean {
  const s = stones[id];
  if (s) stone(ctx, cx, cy, s.outline, s.colours, s.table);
  else if (id === 'diamond') diamondWild(ctx, cx, cy);
  else if (id === 'crown') crown(ctx, cx, cy);
  else return false;
  return true;
}
