// The machine's screen: RGBA frames drawn with @napi-rs/canvas, in landscape (640×480) or
// portrait (480×640, layout.ts). Everything that does not change (cabinet, title, reel frame,
// labels, symbol and button sprites) is drawn once per machine (game, look, title) and layout
// into offscreen canvases (screen-art.ts); a frame is a handful of drawImage calls plus the meter
// texts, built by screen-pieces.ts over the regions of screen-regions.ts.
//
// Reading pixels back from a canvas is what costs (drawing is nearly free, and any draw followed
// by a read costs in proportion to the whole canvas), so a frame is kept in one buffer and only
// what changed is redrawn: the screen is split into fixed regions (each reel cell, the strips
// between the reels, each bank of bulbs, each meter, each button), each with a small canvas of its
// own. Every frame lists the pieces drawn over the background with a key of everything their
// pixels depend on; a region whose pieces' keys changed is redrawn on its canvas and copied into
// the buffer. Reels are drawn to the pixel, and the win animations step 10 times a second, so a
// machine at rest is still between steps; attract mode (attract.ts) steps 4 times a second and
// touches only the title, the bulbs and, every few seconds, the panel over the reels. The first
// frame, and the first after a change of layout, is drawn whole.
import type { Canvas } from '@napi-rs/canvas';
import { ATTRACT_AFTER_MS, drawTitleGlow } from './attract';
import type { Ctx } from './draw-kit';
import type { Egm } from './egm';
import { FRAME_STAMP, writeFrameStamp } from './frame-stamp';
import { layoutGeometry, type ScreenLayout } from './layout';
import { type Look, lookFor } from './looks';
import { buildArt } from './screen-art';
import { dirtyRegions, paint, redrawRegions, surface } from './screen-paint';
import { piecesNow } from './screen-pieces';
import { deviceOf, regionsOf, slotsOf } from './screen-regions';
import type { Scene } from './screen-win';

export interface Screen {
  /** The current layout's size: read it with each frame, it changes with the layout. */
  readonly width: number;
  readonly height: number;
  readonly layout: ScreenLayout;
  /** Shows the other layout (egm.setLayout, which touch() follows); the next frame is drawn whole. */
  setLayout(layout: ScreenLayout): void;
  /**
   * Draws the current state; the frame stamp carries nowMs and frameNumber. RGBA, width*height*4,
   * a new array every call (a copy of renderFrame's buffer).
   */
  render(nowMs: number, frameNumber: number): Uint8ClampedArray;
  /**
   * Like render() without the copy. `rgba` is the screen's own buffer, the same array every call
   * and updated in place by the next one: read or copy it before then, and do not write to it.
   * `changed` is false when nothing but the frame stamp (the bottom 12 rows) differs from the
   * previous frame.
   */
  renderFrame(nowMs: number, frameNumber: number): { rgba: Uint8ClampedArray; changed: boolean };
}

export interface ScreenOptions {
  /** Landscape size (default 640×480); portrait is always drawn at its design size, 480×640. */
  width?: number;
  height?: number;
  /** Redraw and read back the whole screen every frame (slow; a reference for tests). */
  fullRedraw?: boolean;
  /**
   * Stamp each frame's capture time into the bottom strip, for latency measurement. The stamp
   * needs 640 px across: portrait frames carry none (the benchmarks measure landscape).
   */
  stamp?: boolean;
  /** Idle this long and attract mode begins. Default ATTRACT_AFTER_MS. */
  attractAfterMs?: number;
  /** The machine's look, or its id (looks.ts); default: the game's own look. */
  look?: Look | string;
  /** The name on the title plate (the machine's); default: the game's name. */
  title?: string;
}

/**
 * The machine's screen, in the layout the machine shows (egm.layout). Each layout keeps its own
 * renderer (regions, buffer); switching draws the next frame whole.
 */
export function createScreen(egm: Egm, opts: ScreenOptions = {}): Screen {
  const renderers: Partial<Record<ScreenLayout, LayoutRenderer>> = {};
  const rendererFor = (layout: ScreenLayout): LayoutRenderer => {
    let r = renderers[layout];
    if (!r) {
      r = createLayoutRenderer(egm, layout, opts);
      renderers[layout] = r;
    }
    return r;
  };
  let current = rendererFor(egm.layout);
  const follow = () => {
    if (current.layout !== egm.layout) {
      current = rendererFor(egm.layout);
      current.restart();
    }
    return current;
  };
  const renderFrame = (nowMs: number, frameNumber: number) =>
    follow().renderFrame(nowMs, frameNumber);
  return {
    get width() {
      return follow().width;
    },
    get height() {
      return follow().height;
    },
    get layout() {
      return follow().layout;
    },
    setLayout(layout: ScreenLayout): void {
      egm.setLayout(layout);
      follow();
    },
    renderFrame,
    render(nowMs: number, frameNumber: number): Uint8ClampedArray {
      return renderFrame(nowMs, frameNumber).rgba.slice();
    },
  };
}

interface LayoutRenderer {
  layout: ScreenLayout;
  width: number;
  height: number;
  /** The next frame is drawn whole (the buffer is stale after another layout was shown). */
  restart(): void;
  renderFrame(nowMs: number, frameNumber: number): { rgba: Uint8ClampedArray; changed: boolean };
}

/** The design size in the layout, or the size asked for (landscape only), checked. */
function sizeOf(layout: ScreenLayout, opts: ScreenOptions): { width: number; height: number } {
  const geo = layoutGeometry[layout];
  const scalable = layout === 'landscape';
  const width = scalable ? (opts.width ?? geo.width) : geo.width;
  const height = scalable ? (opts.height ?? geo.height) : geo.height;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 320 || height < 120)
    throw new RangeError(`screen must be at least 320×120, got ${width}×${height}`);
  if (opts.stamp === true && width < FRAME_STAMP.blocks * FRAME_STAMP.blockWidth && scalable)
    throw new RangeError(`a stamped screen must be at least 640 px wide, got ${width}`);
  return { width, height };
}

function sceneOf(
  egm: Egm,
  layout: ScreenLayout,
  opts: ScreenOptions,
  size: { width: number; height: number },
): Scene {
  const game = egm.game;
  const look: Look = typeof opts.look === 'object' ? opts.look : lookFor(opts.look, game.id);
  const title = opts.title ?? game.name;
  const art = buildArt(game, layout, look, title);
  const d = deviceOf(art.geo, size.width, size.height);
  const titleGlow = drawTitleGlow(art.geo, look, title);
  return {
    egm,
    game,
    art,
    d,
    s: slotsOf(art, game.rows, d, titleGlow),
    titleGlow,
    attractAfterMs: opts.attractAfterMs ?? ATTRACT_AFTER_MS,
    shown: null,
    shownAt: 0,
    panels: new Map(),
  };
}

function createLayoutRenderer(egm: Egm, layout: ScreenLayout, opts: ScreenOptions): LayoutRenderer {
  const geo = layoutGeometry[layout];
  const { width, height } = sizeOf(layout, opts);
  // Scaled, sprites land between pixels and their filtering can differ by a shade between a region
  // and the whole screen: only the design size is redrawn by regions.
  const fullRedraw = opts.fullRedraw === true || width !== geo.width || height !== geo.height;
  const stamp = opts.stamp !== false && width >= FRAME_STAMP.blocks * FRAME_STAMP.blockWidth;
  const sc = sceneOf(egm, layout, opts, { width, height });
  const set = regionsOf(sc.art, sc.game, sc.d, sc.s);
  const background = sc.art.background;
  const rgba = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(rgba.buffer);
  /** The whole screen, for the first frame (and every frame with fullRedraw). */
  let whole: { canvas: Canvas; ctx: Ctx } | null = null;
  let started = false;
  const renderFrame = (nowMs: number, frameNumber: number) => {
    const list = piecesNow(sc, nowMs);
    const dirty = dirtyRegions(set, list);
    const first = !started;
    started = true;
    const changed = first || dirty.size > 0;
    if (fullRedraw || first) {
      whole ??= surface(sc.d, { x0: 0, y0: 0, x1: width, y1: height });
      paint(whole.ctx, background, list);
      bytes.set(whole.canvas.data());
      // Later frames only redraw regions.
      if (!fullRedraw) whole = null;
    } else if (dirty.size > 0) redrawRegions(sc.d, background, bytes, set, { dirty, list });
    if (stamp) writeFrameStamp(rgba, width, height, { timeMs: nowMs, frame: frameNumber });
    return { rgba, changed };
  };
  return {
    layout,
    width,
    height,
    renderFrame,
    restart() {
      started = false;
      sc.shown = null;
      for (const r of set.regions) r.key = null;
      for (const gr of set.groups) gr.key = null;
    },
  };
}
