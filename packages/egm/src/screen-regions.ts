// Where things are drawn on the screen, in device pixels: the boxes each kind of piece can draw
// in (slots) and the fixed regions the screen is split into, each redrawn on its own canvas when
// the pieces over it change (see screen.ts).
import type { Canvas } from '@napi-rs/canvas';
import { BUTTON_PAD } from './art-controls';
import type { AttractSprite } from './attract';
import type { Ctx } from './draw-kit';
import type { GameDefinition } from './game';
import { type Button, buttons, type LayoutGeometry, type MeterName, type Rect } from './layout';
import type { Art } from './screen-art';

/** A rectangle in device pixels, half-open: [x0, x1) × [y0, y1). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function meets(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export function contains(outer: Box, inner: Box): boolean {
  return (
    outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1
  );
}

export function rectBetween(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Something drawn over the background, in z-order. Its pixels depend on nothing but its id and
 * `key` (and the machine's art), and all of them lie inside `box`.
 */
export interface Piece {
  id: string;
  key: string;
  box: Box;
  /** Draws in design pixels. */
  draw: (ctx: Ctx) => void;
  /** Only drawImage calls, which change no state: no need to save and restore around it. */
  plain?: boolean;
  /** Where it covers everything under it with opaque pixels. */
  opaque?: Box;
}

/**
 * A fixed part of the screen with a canvas of its own: when the pieces over it change (their ids
 * and keys, joined, are its key) it is redrawn there and read back into the frame on its own.
 */
export interface Region {
  box: Box;
  key: string | null;
  /** This frame's key, while it is built. */
  next: string;
  canvas: Canvas | null;
  ctx: Ctx | null;
}

/** Regions that together tile `box`: when all of them change, they are redrawn as one. */
export interface Group extends Region {
  members: Region[];
}

/** The screen in device pixels: its size, the design-to-device scale and the mapping. */
export interface Device {
  width: number;
  height: number;
  sx: number;
  sy: number;
  /** Design rectangle → device pixels, rounded outwards, within the screen. */
  box(r: Rect): Box;
}

export function deviceOf(geo: LayoutGeometry, width: number, height: number): Device {
  const sx = width / geo.width;
  const sy = height / geo.height;
  return {
    width,
    height,
    sx,
    sy,
    box: (r) => ({
      x0: Math.max(0, Math.floor(r.x * sx)),
      y0: Math.max(0, Math.floor(r.y * sy)),
      x1: Math.min(width, Math.ceil((r.x + r.w) * sx)),
      y1: Math.min(height, Math.ceil((r.y + r.h) * sy)),
    }),
  };
}

/** Where each kind of piece can draw: design rectangles and their device boxes. */
export interface Slots {
  windowBox: Box;
  overlayBox: Box;
  reelBoxes: Box[];
  /** The device pixels a reel covers entirely (its edges may be partly covered when scaled). */
  reelInside: Box[];
  cellBoxes: Box[][];
  bulbRects: { left: Rect; right: Rect };
  bulbBoxes: { left: Box; right: Box };
  titleRect: Rect;
  titleBox: Box;
  /** Inside the meters' frames (drawn with the background). */
  meterRects: Record<MeterName, Rect>;
  meterBoxes: Record<MeterName, Box>;
  /** Each button's sprite with its shadow or glow. */
  spriteRects: Record<Button, Rect>;
  spriteBoxes: Record<Button, Box>;
}

export function slotsOf(art: Art, rows: number, d: Device, titleGlow: AttractSprite): Slots {
  const { geo, geometry: g } = art;
  const W = geo.reelWindow;
  const { left, right, y } = geo.bulbs;
  const bulbStrip = (xs: number[]) =>
    rectBetween(Math.min(...xs) - 10, y - 10, Math.max(...xs) + 10, y + 10);
  const bulbRects = { left: bulbStrip(left), right: bulbStrip(right) };
  const titleRect: Rect = {
    x: titleGlow.x,
    y: titleGlow.y,
    w: titleGlow.canvas.width,
    h: titleGlow.canvas.height,
  };
  const meterRects = Object.fromEntries(
    Object.entries(geo.meters).map(([k, r]) => [
      k,
      { x: r.x + 2, y: r.y + 2, w: r.w - 4, h: r.h - 4 },
    ]),
  ) as Record<MeterName, Rect>;
  const spriteRects = Object.fromEntries(
    buttons.map((b) => {
      const r = geo.buttons[b];
      const pad = BUTTON_PAD;
      return [b, { x: r.x - pad, y: r.y - pad, w: r.w + pad * 2, h: r.h + pad * 2 }];
    }),
  ) as Record<Button, Rect>;
  const boxes = <K extends string>(rects: Record<K, Rect>) =>
    Object.fromEntries(Object.entries<Rect>(rects).map(([k, r]) => [k, d.box(r)])) as Record<
      K,
      Box
    >;
  return {
    windowBox: d.box(W),
    overlayBox: d.box(art.overlay),
    reelBoxes: g.x.map((x) => d.box({ x, y: g.top, w: g.w, h: W.h })),
    reelInside: g.x.map((x) => ({
      x0: Math.ceil(x * d.sx),
      y0: Math.ceil(g.top * d.sy),
      x1: Math.floor((x + g.w) * d.sx),
      y1: Math.floor((g.top + W.h) * d.sy),
    })),
    cellBoxes: g.x.map((x) =>
      Array.from({ length: rows }, (_, row) =>
        d.box({ x, y: g.top + row * g.rowH, w: g.w, h: g.rowH }),
      ),
    ),
    bulbRects,
    bulbBoxes: boxes(bulbRects),
    titleRect,
    titleBox: d.box(titleRect),
    meterRects,
    meterBoxes: boxes(meterRects),
    spriteRects,
    spriteBoxes: boxes(spriteRects),
  };
}

export interface RegionSet {
  regions: Region[];
  groups: Group[];
  /** The regions a piece's box meets (kept for the slots' boxes; the win pill makes its own). */
  meeting(b: Box): Region[];
}

const regionOf = (d: Device, r: Rect): Region => ({
  box: d.box(r),
  key: null,
  next: '',
  canvas: null,
  ctx: null,
});

/**
 * Each reel cell is a region, so that a highlighted winning symbol is redrawn alone (the cells of
 * a reel make a group, redrawn as one while the reel spins, and so do all the reels' while they
 * all spin), and the strips between and beside the reels, which only win lines touch, are others.
 */
function reelRegions(art: Art, game: GameDefinition, d: Device, set: RegionSet): void {
  const { geometry: g, overlay } = art;
  const W = art.geo.reelWindow;
  const cells: Region[] = [];
  const band = { top: overlay.y, bottom: overlay.y + overlay.h };
  const xs = [overlay.x, ...g.x.flatMap((x) => [x, x + g.w]), overlay.x + overlay.w];
  for (let k = 0; k + 1 < xs.length; k++) {
    const [x0, x1] = [xs[k]!, xs[k + 1]!];
    if (x1 <= x0) continue;
    if (k % 2 === 0) {
      set.regions.push(regionOf(d, rectBetween(x0, band.top, x1, band.bottom)));
      continue;
    }
    set.regions.push(regionOf(d, rectBetween(x0, band.top, x1, g.top)));
    set.regions.push(regionOf(d, rectBetween(x0, g.top + W.h, x1, band.bottom)));
    const members: Region[] = [];
    for (let row = 0; row < game.rows; row++)
      members.push(regionOf(d, { x: x0, y: g.top + row * g.rowH, w: x1 - x0, h: g.rowH }));
    set.regions.push(...members);
    cells.push(...members);
    if (members.length > 1)
      set.groups.push({ ...regionOf(d, { x: x0, y: g.top, w: x1 - x0, h: W.h }), members });
  }
  // All the reels at once (and the gaps between them), while they all spin.
  if (game.reels.length > 1) set.groups.unshift({ ...regionOf(d, W), members: cells });
}

/**
 * A button's sprite (with its shadow or glow) may reach up beside a meter: the meter's region
 * takes that part in, so that a glowing meter does not redraw the whole button, and a meter is
 * never drawn cut off at the edge of a region (vector drawings cut off there can come out a shade
 * different from the same drawing on the whole screen; sprites at whole pixels do not).
 */
function meterAndButtonRegions(s: Slots, d: Device, regions: Region[]): void {
  /** How far down each button's sprite the meter beside it took in. */
  const takenTo = Object.fromEntries(buttons.map((b) => [b, s.spriteRects[b].y])) as Record<
    Button,
    number
  >;
  for (const m of Object.values(s.meterRects)) {
    const meterBottom = m.y + m.h;
    let [x0, y0, x1] = [m.x, m.y, m.x + m.w];
    for (const b of buttons) {
      const r = s.spriteRects[b];
      if (r.y < meterBottom && r.y + r.h > m.y && r.x < x1 && r.x + r.w > x0) {
        x0 = Math.min(x0, r.x);
        y0 = Math.min(y0, r.y);
        x1 = Math.max(x1, r.x + r.w);
        takenTo[b] = Math.max(takenTo[b], meterBottom);
      }
    }
    regions.push(regionOf(d, rectBetween(x0, y0, x1, meterBottom)));
  }
  for (const b of buttons) {
    const r = s.spriteRects[b];
    regions.push(regionOf(d, rectBetween(r.x, takenTo[b], r.x + r.w, r.y + r.h)));
  }
}

function slotBoxes(s: Slots): Box[] {
  return [
    s.overlayBox,
    s.windowBox,
    ...s.reelBoxes,
    ...s.cellBoxes.flat(),
    s.bulbBoxes.left,
    s.bulbBoxes.right,
    s.titleBox,
    ...Object.values(s.meterBoxes),
    ...Object.values(s.spriteBoxes),
  ];
}

/**
 * Anything a piece can draw outside every region would never be read back: its box becomes a
 * region too (the layout covers everything; this keeps a future change safe).
 */
function coverSlots(slots: Box[], d: Device, regions: Region[]): void {
  const covered = new Uint8Array(d.width * d.height);
  const mark = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++) covered.fill(1, y * d.width + b.x0, y * d.width + b.x1);
  };
  const isCovered = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++)
      if (covered.subarray(y * d.width + b.x0, y * d.width + b.x1).includes(0)) return false;
    return true;
  };
  for (const r of regions) mark(r.box);
  for (const b of slots)
    if (!isCovered(b)) {
      regions.push({ box: b, key: null, next: '', canvas: null, ctx: null });
      mark(b);
    }
}

export function regionsOf(art: Art, game: GameDefinition, d: Device, s: Slots): RegionSet {
  const regions: Region[] = [
    regionOf(d, s.bulbRects.left),
    regionOf(d, s.bulbRects.right),
    regionOf(d, s.titleRect),
  ];
  const groups: Group[] = [];
  const slots = slotBoxes(s);
  const known = new Map<Box, Region[]>();
  const set: RegionSet = {
    regions,
    groups,
    meeting: (b) => {
      let found = known.get(b);
      if (!found) {
        found = regions.filter((r) => meets(r.box, b));
        if (slots.includes(b)) known.set(b, found);
      }
      return found;
    },
  };
  reelRegions(art, game, d, set);
  meterAndButtonRegions(s, d, regions);
  coverSlots(slots, d, regions);
  return set;
}
