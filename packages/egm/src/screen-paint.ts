// Painting pieces into the frame buffer: the whole screen (the first frame, or every frame of a
// full redraw), or only the regions whose pieces changed, each on its own canvas and copied in.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Ctx } from './draw-kit';
import {
  type Box,
  contains,
  type Device,
  meets,
  type Piece,
  type Region,
  type RegionSet,
} from './screen-regions';

/** A canvas showing the screen from (x0, y0), drawn on in design pixels. */
export function surface(d: Device, b: Box): { canvas: Canvas; ctx: Ctx } {
  const canvas = createCanvas(b.x1 - b.x0, b.y1 - b.y0);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(d.sx, 0, 0, d.sy, -b.x0, -b.y0);
  return { canvas, ctx };
}

/**
 * Draws the background and then `list` (with `b`, only the pieces that meet b, and nothing under
 * an opaque piece that covers all of b).
 */
export function paint(ctx: Ctx, background: Canvas, list: Piece[], b?: Box): void {
  let from = -1;
  if (b)
    for (let i = list.length - 1; i >= 0 && from < 0; i--) {
      const o = list[i]!.opaque;
      if (o && contains(o, b)) from = i;
    }
  if (from < 0) {
    ctx.drawImage(background, 0, 0);
    from = 0;
  }
  for (let i = from; i < list.length; i++) {
    const p = list[i]!;
    if (b && !meets(p.box, b)) continue;
    if (p.plain) {
      p.draw(ctx);
      continue;
    }
    ctx.save();
    p.draw(ctx);
    ctx.restore();
  }
}

/** The regions whose pieces' ids and keys differ from the last frame's (their keys updated). */
export function dirtyRegions(set: RegionSet, list: Piece[]): Set<Region> {
  for (const r of set.regions) r.next = '';
  for (const p of list) {
    const part = `${p.id}=${p.key};`;
    for (const r of set.meeting(p.box)) r.next += part;
  }
  const dirty = new Set<Region>();
  for (const r of set.regions)
    if (r.next !== r.key) {
      r.key = r.next;
      dirty.add(r);
    }
  return dirty;
}

/** Redraws the dirty regions (a group whose members all changed as one) into `bytes`. */
export function redrawRegions(
  d: Device,
  background: Canvas,
  bytes: Uint8Array,
  set: RegionSet,
  frame: { dirty: Set<Region>; list: Piece[] },
): void {
  const { dirty, list } = frame;
  const redraw = (r: Region) => {
    if (!r.canvas || !r.ctx) Object.assign(r, surface(d, r.box));
    paint(r.ctx!, background, list, r.box);
    const src = r.canvas!.data();
    const { x0, y0, x1, y1 } = r.box;
    const rowBytes = (x1 - x0) * 4;
    if (x0 === 0 && x1 === d.width) bytes.set(src, y0 * rowBytes);
    else
      for (let y = y0, at = 0; y < y1; y++, at += rowBytes)
        bytes.set(src.subarray(at, at + rowBytes), (y * d.width + x0) * 4);
  };
  for (const group of set.groups)
    if (group.members.every((m) => dirty.has(m))) {
      for (const m of group.members) dirty.delete(m);
      redraw(group);
    }
  for (const r of dirty) redraw(r);
}
