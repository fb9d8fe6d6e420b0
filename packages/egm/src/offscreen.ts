// A canvas of its own to draw a sprite on, rounded up to whole pixels.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Ctx } from './draw-kit';

export function offscreen(w: number, h: number): [Canvas, Ctx] {
  const c = createCanvas(Math.ceil(w), Math.ceil(h));
  return [c, c.getContext('2d')];
}
