// A machine's look: the palette, cabinet pattern, metal and symbol tints its screen is drawn with.
// The maths (the game) and the look are separate, so machines sharing a par sheet can still each
// look their own; the title on the plate is the machine's, not the game's. The meter and button
// colours keep their meaning on every look (money yellow-white, SPIN green, BET blue).
import { DEFAULT_TINT, type SymbolTint } from './symbols';

export const lookPatterns = [
  'none',
  'rays',
  'argyle',
  'dots',
  'stripes',
  'stars',
  'chevrons',
  'bricks',
] as const;
export type LookPattern = (typeof lookPatterns)[number];

export interface Look {
  id: string;
  /** The cabinet's background, top to bottom. */
  background: readonly [string, string, string];
  /** The light behind the reel window, as 'r,g,b'. */
  glow: string;
  pattern: LookPattern;
  /** The pattern's colour (keep it faint: it sits behind meters and text). */
  patternColour: string;
  /** The frame, trim and border metal: four stops, light, mid, shadow, light. */
  metal: readonly [string, string, string, string];
  /** The thin line around the cabinet. */
  trim: string;
  /** The title plate, top to bottom, and lit (attract mode). */
  plate: readonly [string, string];
  plateLit: readonly [string, string];
  /** The title: 'metal' for the metal gradient, or a colour. */
  titleFill: string;
  titleShadow: string;
  meterBorder: string;
  meterLabel: string;
  /** The reel strip's backing, edge and centre. */
  reel: readonly [string, string];
  /** A lit bulb: its core colour and its halo as 'r,g,b'. */
  bulb: readonly [string, string];
  /** The attract panel's fill, top and bottom, and its glow. */
  panel: readonly [string, string];
  panelGlow: string;
  tint: SymbolTint;
}

const gold = ['#fff0b3', '#e0a92e', '#b37a12', '#ffd66b'] as const;
const silver = ['#ffffff', '#c9d3e0', '#7d8898', '#e8eef6'] as const;

const base: Omit<Look, 'id'> = {
  background: ['#2a1330', '#150a19', '#08060b'],
  glow: '255,170,60',
  pattern: 'none',
  patternColour: 'rgba(0,0,0,0)',
  metal: gold,
  trim: '#8a6414',
  plate: ['#7a1118', '#2a0408'],
  plateLit: ['#e0303a', '#6a0a14'],
  titleFill: 'metal',
  titleShadow: 'rgba(0,0,0,0.6)',
  meterBorder: '#a8791a',
  meterLabel: '#e0b04a',
  reel: ['#cfc6b4', '#fffdf6'],
  bulb: ['#ffe45c', '255,170,0'],
  panel: ['rgba(52,10,60,0.97)', 'rgba(14,4,20,0.97)'],
  panelGlow: 'rgba(255,180,40,0.75)',
  tint: DEFAULT_TINT,
};

const look = (id: string, parts: Partial<Omit<Look, 'id'>>): Look => ({ ...base, ...parts, id });

const tint = (
  seven: readonly [light: string, mid: string, dark: string],
  bar: readonly [plate: string, edge: string, inner: string],
): SymbolTint => ({
  seven: { light: seven[0], mid: seven[1], dark: seven[2], edge: '#ffcf3f' },
  bar: { plate: bar[0], edge: bar[1], inner: bar[2], text: '#ffffff' },
});

// biome-ignore format: one look a block reads best
export const looks: Record<string, Look> = {
  // The original cabinet: plum, a red plate, gold.
  golden: look('golden', {}),
  cherry: look('cherry', {
    background: ['#4a0a24', '#26050f', '#0c0206'], glow: '255,80,140',
    pattern: 'dots', patternColour: 'rgba(255,120,170,0.10)',
    metal: ['#ffe3dc', '#e8a08c', '#a8604c', '#ffc9b8'], trim: '#b0606a',
    plate: ['#c2185b', '#4a031e'], plateLit: ['#ff5c93', '#8a0a3a'],
    meterBorder: '#c77a86', meterLabel: '#ffb3c6', reel: ['#f0c4ce', '#fff5f7'],
    bulb: ['#ff9fc4', '255,60,130'], panel: ['rgba(70,6,34,0.97)', 'rgba(20,2,10,0.97)'],
    panelGlow: 'rgba(255,90,150,0.75)',
    tint: tint(['#ff9ec0', '#e0115f', '#6d0030'], ['#2a0614', '#ffc9b8', '#ff4f8b']),
  }),
  royale: look('royale', {
    background: ['#0d1f4d', '#08122e', '#03060f'], glow: '90,150,255',
    pattern: 'argyle', patternColour: 'rgba(140,180,255,0.09)',
    metal: silver, trim: '#6f7f99', plate: ['#1f4fbf', '#0a1c4d'], plateLit: ['#4f86ff', '#143a8f'],
    meterBorder: '#7d8fb3', meterLabel: '#b9cdf5', reel: ['#c4cfe0', '#f7faff'],
    bulb: ['#cfe6ff', '90,160,255'], panel: ['rgba(10,24,70,0.97)', 'rgba(3,8,24,0.97)'],
    panelGlow: 'rgba(120,170,255,0.75)',
    tint: tint(['#8fc0ff', '#1f5fe0', '#0a2470'], ['#0a1430', '#e8eef6', '#4f86ff']),
  }),
  bells: look('bells', {
    background: ['#0f3a24', '#072015', '#020a06'], glow: '255,210,90',
    pattern: 'stripes', patternColour: 'rgba(255,230,150,0.06)',
    metal: ['#fff4c2', '#d9b44a', '#8f6a14', '#f2d27a'], trim: '#8f7a2a',
    plate: ['#146b3a', '#05301a'], plateLit: ['#2fbf6a', '#0c5a2e'],
    meterBorder: '#b09a3a', meterLabel: '#e6d27a', reel: ['#d6d9bf', '#fbfdf0'],
    bulb: ['#fff2a0', '255,200,40'], panel: ['rgba(8,50,28,0.97)', 'rgba(2,18,10,0.97)'],
    panelGlow: 'rgba(255,220,100,0.7)',
    tint: tint(['#9cf5b0', '#19a83a', '#07501a'], ['#06200f', '#f2d27a', '#2fbf6a']),
  }),
  lemon: look('lemon', {
    background: ['#0b4a4f', '#06292d', '#021012'], glow: '255,235,80',
    pattern: 'rays', patternColour: 'rgba(255,240,120,0.07)',
    metal: ['#fbffc4', '#d6e03a', '#8a9410', '#f0ff7a'], trim: '#8a9a20',
    plate: ['#0f6f6a', '#053a38'], plateLit: ['#1fb5ad', '#0a5a56'], titleFill: '#fff46a',
    meterBorder: '#c9d23a', meterLabel: '#f0f58a', reel: ['#e4e2aa', '#fffff0'],
    bulb: ['#f6ff8a', '200,255,40'], panel: ['rgba(6,60,60,0.97)', 'rgba(2,22,22,0.97)'],
    panelGlow: 'rgba(230,255,80,0.7)',
    tint: tint(['#ffd08a', '#ff7a00', '#8a3300'], ['#04282a', '#f0ff7a', '#1fb5ad']),
  }),
  diamond: look('diamond', {
    background: ['#1a1f2b', '#0c0f16', '#040507'], glow: '160,230,255',
    pattern: 'chevrons', patternColour: 'rgba(180,230,255,0.07)',
    metal: ['#ffffff', '#b8e6f5', '#5f8fa3', '#e0f7ff'], trim: '#5f8fa3',
    plate: ['#0e5f7a', '#062633'], plateLit: ['#35b9e0', '#0e5f7a'],
    meterBorder: '#6fb3cc', meterLabel: '#aee6f7', reel: ['#c9dce3', '#fbfeff'],
    bulb: ['#e6fbff', '120,220,255'], panel: ['rgba(8,30,40,0.97)', 'rgba(2,10,14,0.97)'],
    panelGlow: 'rgba(140,230,255,0.75)',
    tint: tint(['#d9b3ff', '#8a2be2', '#3a0a70'], ['#08141a', '#e0f7ff', '#35b9e0']),
  }),
  inferno: look('inferno', {
    background: ['#3a0d00', '#1c0500', '#070100'], glow: '255,110,20',
    pattern: 'rays', patternColour: 'rgba(255,120,30,0.09)',
    metal: ['#ffe0c2', '#e07a2e', '#8f3a0a', '#ffb36b'], trim: '#a0451a',
    plate: ['#262626', '#050505'], plateLit: ['#6a2000', '#200800'],
    meterBorder: '#c0551a', meterLabel: '#ffa060', reel: ['#dccab8', '#fff8ef'],
    bulb: ['#ffb070', '255,80,0'], panel: ['rgba(50,12,0,0.97)', 'rgba(16,4,0,0.97)'],
    panelGlow: 'rgba(255,110,30,0.8)',
    tint: tint(['#fff07a', '#ff6a00', '#8a1a00'], ['#1a0500', '#ffb36b', '#ff6a00']),
  }),
  pharaoh: look('pharaoh', {
    background: ['#12245a', '#0a1433', '#030712'], glow: '255,200,90',
    pattern: 'bricks', patternColour: 'rgba(230,190,110,0.08)', trim: '#b08a2a',
    plate: ['#e0b85a', '#8a6418'], plateLit: ['#ffe08a', '#b08020'],
    titleFill: '#14206a', titleShadow: 'rgba(255,244,210,0.55)',
    meterBorder: '#c79a3a', meterLabel: '#f0d48a', reel: ['#e0cfa0', '#fffaf0'],
    bulb: ['#ffe9a0', '255,190,60'], panel: ['rgba(14,30,80,0.97)', 'rgba(4,10,30,0.97)'],
    tint: tint(['#9ab8ff', '#1f3fa8', '#0a1440'], ['#0a1433', '#f0c860', '#3f6fe0']),
  }),
  fiesta: look('fiesta', {
    background: ['#5a1038', '#2a0720', '#0c020a'], glow: '255,140,40',
    pattern: 'dots', patternColour: 'rgba(255,170,60,0.10)',
    plate: ['#e0561a', '#6a1a04'], plateLit: ['#ff8a3a', '#a0300a'], titleFill: '#fff4c8',
    titleShadow: 'rgba(60,10,0,0.7)', reel: ['#f0d6b8', '#fffaf2'],
    bulb: ['#ffd070', '255,120,0'], panel: ['rgba(80,10,44,0.97)', 'rgba(24,2,14,0.97)'],
  }),
  orchard: look('orchard', {
    background: ['#16401a', '#0a240d', '#030c04'], glow: '255,110,110',
    pattern: 'stripes', patternColour: 'rgba(140,255,140,0.07)',
    metal: ['#f4ffe0', '#9ed86a', '#4a7a20', '#d8f5a0'], trim: '#5a8a2a',
    plate: ['#d8283c', '#5a0612'], plateLit: ['#ff5c6c', '#8a0a1c'], titleFill: '#f4ffe0',
    meterBorder: '#6fa040', meterLabel: '#c8f090', reel: ['#d4e4c4', '#fbfff6'],
    bulb: ['#ffd0d0', '255,70,90'], panel: ['rgba(14,54,18,0.97)', 'rgba(4,18,6,0.97)'],
    panelGlow: 'rgba(255,110,120,0.7)',
  }),
  starlight: look('starlight', {
    background: ['#0a1240', '#050924', '#01020a'], glow: '150,170,255',
    pattern: 'stars', patternColour: 'rgba(220,230,255,0.55)', metal: silver, trim: '#5a6aa0',
    plate: ['#2a2f7a', '#0c0f33'], plateLit: ['#5a62d0', '#1a1f66'],
    meterBorder: '#7a86c0', meterLabel: '#c8d0ff', reel: ['#c6cbe6', '#f6f7ff'],
    bulb: ['#f0f4ff', '150,170,255'], panel: ['rgba(14,18,70,0.97)', 'rgba(3,5,24,0.97)'],
    panelGlow: 'rgba(160,180,255,0.75)',
  }),
  jewels: look('jewels', {
    background: ['#2a0d4a', '#160626', '#06020c'], glow: '200,120,255',
    pattern: 'argyle', patternColour: 'rgba(210,160,255,0.08)', metal: silver, trim: '#7a5aa0',
    plate: ['#5a1a9a', '#1e0638'], plateLit: ['#9a4ae0', '#3a0f6a'],
    meterBorder: '#9a7ac0', meterLabel: '#dcc4ff', reel: ['#d4cce6', '#fbf8ff'],
    bulb: ['#f0d8ff', '190,110,255'], panel: ['rgba(44,10,76,0.97)', 'rgba(14,3,26,0.97)'],
    panelGlow: 'rgba(200,140,255,0.75)',
    tint: tint(['#ffb3f0', '#c0189a', '#50063e'], ['#1e0638', '#e8eef6', '#9a4ae0']),
  }),
  ruby: look('ruby', {
    background: ['#4a0610', '#220207', '#0a0103'], glow: '255,90,90',
    pattern: 'chevrons', patternColour: 'rgba(255,200,120,0.07)',
    plate: ['#1a1a1a', '#000000'], plateLit: ['#5a0a14', '#1a0206'],
    meterBorder: '#b0802a', reel: ['#e6cfc8', '#fff8f5'],
    bulb: ['#ffc0c0', '255,60,60'], panel: ['rgba(70,6,14,0.97)', 'rgba(22,2,6,0.97)'],
    panelGlow: 'rgba(255,90,90,0.75)',
  }),
};

/** What a machine shows when its floor entry names no look: the game's own. */
const gameLooks: Record<string, string> = {
  classic: 'golden',
  'classic-1': 'golden',
  video5: 'fiesta',
  gems5: 'jewels',
};

export function defaultLookOf(gameId: string): Look {
  return looks[gameLooks[gameId] ?? 'golden']!;
}

/** The look named `id`, or the game's own when none is named; throws for an unknown name. */
export function lookFor(id: string | undefined, gameId: string): Look {
  if (id === undefined) return defaultLookOf(gameId);
  const found = Object.hasOwn(looks, id) ? looks[id] : undefined;
  if (!found) throw new RangeError(`no look ${id} (one of ${Object.keys(looks).join(', ')})`);
  return found;
}
