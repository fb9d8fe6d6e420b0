// Vector drawings of the reel symbols; the renderer draws each once into a sprite. A machine's
// look may tint the seven and the bars (SymbolTint); the fruit keep their own colours.
import { type Ctx, SANS } from './draw-kit';
import { barPlate, bell, cherry, lemon, plum, seven } from './symbols-classic';
import { drawGemSymbol } from './symbols-gems';
import { grapes, melon, orange, star, wild } from './symbols-video';

export { SANS, SERIF } from './draw-kit';

/** The colours a look gives the seven and the bars. */
export interface SymbolTint {
  seven: { light: string; mid: string; dark: string; edge: string };
  bar: { plate: string; edge: string; inner: string; text: string };
}

export const DEFAULT_TINT: SymbolTint = {
  seven: { light: '#ff6b5b', mid: '#e0111b', dark: '#7d0008', edge: '#ffcf3f' },
  bar: { plate: '#0b0b0b', edge: '#d4a017', inner: '#e0282e', text: '#ffffff' },
};

const fruit: Record<string, (ctx: Ctx, cx: number, cy: number) => void> = {
  cherry,
  lemon,
  plum,
  bell,
  orange,
  melon,
  grapes,
  star,
  wild,
};

/** Draws symbol `id` centred on (cx, cy), about 64 px tall. Unknown ids are written as text. */
export function drawSymbol(
  ctx: Ctx,
  id: string,
  cx: number,
  cy: number,
  tint: SymbolTint = DEFAULT_TINT,
): void {
  ctx.save();
  const plain = fruit[id];
  if (plain) plain(ctx, cx, cy);
  else if (id === 'seven') seven(ctx, cx, cy, tint.seven);
  else if (id === 'bar') barPlate(ctx, cx, cy, { w: 104, h: 38, fontPx: 27 }, tint.bar);
  else if (id === 'bar2') {
    barPlate(ctx, cx, cy - 15, { w: 96, h: 28, fontPx: 20 }, tint.bar);
    barPlate(ctx, cx, cy + 15, { w: 96, h: 28, fontPx: 20 }, tint.bar);
  } else if (!drawGemSymbol(ctx, id, cx, cy)) {
    ctx.fillStyle = '#222';
    ctx.font = `bold 26px ${SANS}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(id.toUpperCase(), cx, cy);
  }
  ctx.restore();
}
