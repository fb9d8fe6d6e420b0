// The machine's screen: RGBA frames drawn with @napi-rs/canvas, in landscape (640×480) or
// portrait (480×640, layout.ts). Everything that does not change (cabinet, title, reel frame,
// labels, symbol and button sprites) is drawn once per game and layout into offscreen canvases
// (screen-art.ts); a frame is a handful of drawImage calls plus the meter texts.
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
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  ATTRACT_AFTER_MS,
  ATTRACT_STEP_MS,
  type AttractSprite,
  attractPageAt,
  attractPages,
  drawAttractPanel,
  drawTitleGlow,
  pageKey,
  TITLE_PULSE,
} from './attract';
import type { Egm } from './egm';
import type { EgmState } from './egm-events';
import { FRAME_STAMP, writeFrameStamp } from './frame-stamp';
import type { SpinOutcome } from './game';
import {
  type Button,
  buttons,
  layoutGeometry,
  type MeterName,
  type Rect,
  type ScreenLayout,
} from './layout';
import { formatMoney } from './money';
import { reelMotion } from './reel-motion';
import {
  BUTTON_PAD,
  type ButtonVariant,
  buildArt,
  LINE_COLOURS,
  type NoticeText,
  noticeSprite,
  pillSprite,
  SCATTER_COLOUR,
} from './screen-art';
import { SANS } from './symbols';

type Ctx = SKRSContext2D;

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

const PRESS_FEEDBACK_MS = 180;

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** A rectangle in device pixels, half-open: [x0, x1) × [y0, y1). */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function meets(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function contains(outer: Box, inner: Box): boolean {
  return (
    outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1
  );
}

function rectBetween(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Something drawn over the background, in z-order. Its pixels depend on nothing but its id and
 * `key` (and the game's art), and all of them lie inside `box`.
 */
interface Piece {
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
interface Region {
  box: Box;
  key: string | null;
  /** This frame's key, while it is built. */
  next: string;
  canvas: Canvas | null;
  ctx: Ctx | null;
}

/** Regions that together tile `box`: when all of them change, they are redrawn as one. */
interface Group extends Region {
  members: Region[];
}

/** Decorative win animations (the pulse of the winning symbols, the WIN meter glow) step this often. */
const WIN_STEP_MS = 100;

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

function createLayoutRenderer(egm: Egm, layout: ScreenLayout, opts: ScreenOptions): LayoutRenderer {
  const geo = layoutGeometry[layout];
  const scalable = layout === 'landscape';
  const width = scalable ? (opts.width ?? geo.width) : geo.width;
  const height = scalable ? (opts.height ?? geo.height) : geo.height;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 320 || height < 120)
    throw new RangeError(`screen must be at least 320×120, got ${width}×${height}`);
  if (opts.stamp === true && width < FRAME_STAMP.blocks * FRAME_STAMP.blockWidth && scalable)
    throw new RangeError(`a stamped screen must be at least 640 px wide, got ${width}`);
  // Scaled, sprites land between pixels and their filtering can differ by a shade between a region
  // and the whole screen: only the design size is redrawn by regions.
  const fullRedraw = opts.fullRedraw === true || width !== geo.width || height !== geo.height;
  const stamp = opts.stamp !== false && width >= FRAME_STAMP.blocks * FRAME_STAMP.blockWidth;
  const attractAfterMs = opts.attractAfterMs ?? ATTRACT_AFTER_MS;
  const game = egm.game;
  const art = buildArt(game, layout);
  const g = art.geometry;
  const REEL_WINDOW = geo.reelWindow;
  const OVERLAY = art.overlay;
  const meters = geo.meters;
  const sx = width / geo.width;
  const sy = height / geo.height;
  const above = Math.floor(game.rows / 2);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(rgba.buffer);
  /** The whole screen, for the first frame (and every frame with fullRedraw). */
  let whole: { canvas: Canvas; ctx: Ctx } | null = null;
  let started = false;
  let shown: SpinOutcome | null = null;
  let shownAt = 0;

  /** Design rectangle → device pixels, rounded outwards, within the screen. */
  const box = (r: Rect): Box => ({
    x0: Math.max(0, Math.floor(r.x * sx)),
    y0: Math.max(0, Math.floor(r.y * sy)),
    x1: Math.min(width, Math.ceil((r.x + r.w) * sx)),
    y1: Math.min(height, Math.ceil((r.y + r.h) * sy)),
  });

  // Where each kind of piece can draw (design pixels).
  const W = REEL_WINDOW;
  const windowBox = box(W);
  const overlayRect = OVERLAY;
  const overlayBox = box(overlayRect);
  const reelBoxes = g.x.map((x) => box({ x, y: g.top, w: g.w, h: W.h }));
  /** The device pixels a reel covers entirely (its edges may be partly covered when scaled). */
  const reelInside = g.x.map((x) => ({
    x0: Math.ceil(x * sx),
    y0: Math.ceil(g.top * sy),
    x1: Math.floor((x + g.w) * sx),
    y1: Math.floor((g.top + W.h) * sy),
  }));
  const cellBoxes = g.x.map((x) =>
    Array.from({ length: game.rows }, (_, row) =>
      box({ x, y: g.top + row * g.rowH, w: g.w, h: g.rowH }),
    ),
  );
  const { left: BULBS_LEFT, right: BULBS_RIGHT, y: BULB_Y } = geo.bulbs;
  const bulbStrip = (xs: number[]) =>
    rectBetween(Math.min(...xs) - 10, BULB_Y - 10, Math.max(...xs) + 10, BULB_Y + 10);
  const bulbRects = { left: bulbStrip(BULBS_LEFT), right: bulbStrip(BULBS_RIGHT) };
  const titleGlow = drawTitleGlow(geo, game);
  const titleRect: Rect = {
    x: titleGlow.x,
    y: titleGlow.y,
    w: titleGlow.canvas.width,
    h: titleGlow.canvas.height,
  };
  const titleBox = box(titleRect);
  const bulbBoxes = { left: box(bulbRects.left), right: box(bulbRects.right) };
  /** Inside the meters' frames (drawn with the background). */
  const meterRects = Object.fromEntries(
    Object.entries(meters).map(([k, r]) => [k, { x: r.x + 2, y: r.y + 2, w: r.w - 4, h: r.h - 4 }]),
  ) as Record<MeterName, Rect>;
  const meterBoxes = {
    credit: box(meterRects.credit),
    bet: box(meterRects.bet),
    win: box(meterRects.win),
  };
  const spriteRects = Object.fromEntries(
    buttons.map((b) => {
      const r = geo.buttons[b];
      return [
        b,
        {
          x: r.x - BUTTON_PAD,
          y: r.y - BUTTON_PAD,
          w: r.w + BUTTON_PAD * 2,
          h: r.h + BUTTON_PAD * 2,
        },
      ];
    }),
  ) as Record<Button, Rect>;
  const spriteBoxes = Object.fromEntries(buttons.map((b) => [b, box(spriteRects[b])])) as Record<
    Button,
    Box
  >;

  // The regions. Each reel cell is one, so that a highlighted winning symbol is redrawn alone (the
  // cells of a reel make a group, redrawn as one while the reel spins, and so do all the reels'
  // while they all spin), and the strips between and beside the reels, which only win lines
  // touch, are others.
  const region = (r: Rect): Region => ({
    box: box(r),
    key: null,
    next: '',
    canvas: null,
    ctx: null,
  });
  const regions: Region[] = [region(bulbRects.left), region(bulbRects.right), region(titleRect)];
  const groups: Group[] = [];
  const cells: Region[] = [];
  const band = { top: overlayRect.y, bottom: overlayRect.y + overlayRect.h };
  const xs = [overlayRect.x, ...g.x.flatMap((x) => [x, x + g.w]), overlayRect.x + overlayRect.w];
  for (let k = 0; k + 1 < xs.length; k++) {
    const [x0, x1] = [xs[k]!, xs[k + 1]!];
    if (x1 <= x0) continue;
    if (k % 2 === 0) {
      regions.push(region(rectBetween(x0, band.top, x1, band.bottom)));
      continue;
    }
    regions.push(region(rectBetween(x0, band.top, x1, g.top)));
    regions.push(region(rectBetween(x0, g.top + W.h, x1, band.bottom)));
    const members: Region[] = [];
    for (let row = 0; row < game.rows; row++)
      members.push(region({ x: x0, y: g.top + row * g.rowH, w: x1 - x0, h: g.rowH }));
    regions.push(...members);
    cells.push(...members);
    if (members.length > 1)
      groups.push({ ...region({ x: x0, y: g.top, w: x1 - x0, h: W.h }), members });
  }
  // All the reels at once (and the gaps between them), while they all spin.
  if (game.reels.length > 1) groups.unshift({ ...region(W), members: cells });
  // A button's sprite (with its shadow or glow) may reach up beside a meter: the meter's region
  // takes that part in, so that a glowing meter does not redraw the whole button, and a meter is
  // never drawn cut off at the edge of a region (vector drawings cut off there can come out a
  // shade different from the same drawing on the whole screen; sprites at whole pixels do not).
  /** How far down each button's sprite the meter beside it took in. */
  const takenTo = Object.fromEntries(buttons.map((b) => [b, spriteRects[b].y])) as Record<
    Button,
    number
  >;
  for (const m of Object.values(meterRects)) {
    const meterBottom = m.y + m.h;
    let [x0, y0, x1] = [m.x, m.y, m.x + m.w];
    for (const b of buttons) {
      const r = spriteRects[b];
      if (r.y < meterBottom && r.y + r.h > m.y && r.x < x1 && r.x + r.w > x0) {
        x0 = Math.min(x0, r.x);
        y0 = Math.min(y0, r.y);
        x1 = Math.max(x1, r.x + r.w);
        takenTo[b] = Math.max(takenTo[b], meterBottom);
      }
    }
    regions.push(region(rectBetween(x0, y0, x1, meterBottom)));
  }
  for (const b of buttons) {
    const r = spriteRects[b];
    regions.push(region(rectBetween(r.x, takenTo[b], r.x + r.w, r.y + r.h)));
  }
  // Anything a piece can draw outside every region would never be read back: make its box a
  // region too (the layout above covers everything; this keeps a future change safe).
  const covered = new Uint8Array(width * height);
  const mark = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++) covered.fill(1, y * width + b.x0, y * width + b.x1);
  };
  const isCovered = (b: Box) => {
    for (let y = b.y0; y < b.y1; y++)
      if (covered.subarray(y * width + b.x0, y * width + b.x1).includes(0)) return false;
    return true;
  };
  for (const r of regions) mark(r.box);
  const slots = [
    overlayBox,
    windowBox,
    ...reelBoxes,
    ...cellBoxes.flat(),
    bulbBoxes.left,
    bulbBoxes.right,
    titleBox,
    ...Object.values(meterBoxes),
    ...Object.values(spriteBoxes),
  ];
  for (const b of slots)
    if (!isCovered(b)) {
      regions.push({ box: b, key: null, next: '', canvas: null, ctx: null });
      mark(b);
    }
  /** The regions each piece box meets (pieces reuse these boxes; the win pill makes its own). */
  const meeting = new Map<Box, Region[]>();
  const regionsMeeting = (b: Box): Region[] => {
    let found = meeting.get(b);
    if (!found) {
      found = regions.filter((r) => meets(r.box, b));
      if (slots.includes(b)) meeting.set(b, found);
    }
    return found;
  };

  /** Reel r with the strip `py` design pixels down from stop 0 at the top of the window. */
  const drawReel = (ctx: Ctx, r: number, py: number, blurred: boolean) => {
    const strip = game.reels[r]!;
    const x = g.x[r]!;
    ctx.beginPath();
    ctx.rect(x, g.top, g.w, REEL_WINDOW.h);
    ctx.clip();
    ctx.drawImage(art.reelBack, x, g.top);
    const i0 = Math.floor(py / g.rowH);
    for (let i = i0; i <= i0 + game.rows; i++) {
      const sprite = art.symbols.get(strip[mod(i, strip.length)]!);
      if (sprite) ctx.drawImage(blurred ? sprite.blur : sprite.sharp, x, g.top + i * g.rowH - py);
    }
    ctx.drawImage(art.reelShade, x, g.top);
  };

  const addPill = (pieces: Piece[], text: string, border: string, px: number) => {
    const sprite = pillSprite(art, text, border, px);
    pieces.push({
      id: 'pill',
      key: `${text}|${border}|${px}`,
      box: box({ x: sprite.x, y: sprite.y, w: sprite.canvas.width, h: sprite.canvas.height }),
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite.canvas, sprite.x, sprite.y),
    });
  };

  /** `since`: ms since the result was first shown, in WIN_STEP_MS steps. */
  const addWin = (pieces: Piece[], outcome: SpinOutcome, since: number) => {
    // All wins together first, then each line (and the scatter, last) in turn.
    const { lines, scatter } = outcome;
    const steps = lines.length + (scatter ? 1 : 0);
    const all = since < 1200;
    const current = all ? -1 : Math.floor((since - 1200) / 1000) % steps;
    const wins = all ? lines : current < lines.length ? [lines[current]!] : [];
    const scatterCells = scatter && (all || current === lines.length) ? scatter.cells : [];
    const lit = new Set<string>();
    for (const w of wins) {
      const rows = game.lines[w.line]!;
      for (let r = 0; r < w.count; r++) lit.add(`${r},${rows[r]}`);
    }
    for (const [reel, row] of scatterCells) lit.add(`${reel},${row}`);
    pieces.push({
      id: 'dim',
      key: [...lit].sort().join(' '),
      box: windowBox,
      draw: (ctx) => {
        ctx.fillStyle = 'rgba(0,0,0,0.45)';
        for (let r = 0; r < game.reels.length; r++)
          for (let row = 0; row < game.rows; row++)
            if (!lit.has(`${r},${row}`)) ctx.fillRect(g.x[r]!, g.top + row * g.rowH, g.w, g.rowH);
      },
    });
    const pulse = 0.65 + 0.35 * Math.sin(since / 90);
    /** A winning symbol's frame, pulsing. */
    const frame = (id: string, key: string, reel: number, row: number, colour: string) => {
      pieces.push({
        id,
        key: `${key}|${pulse}`,
        box: cellBoxes[reel]![row]!,
        draw: (ctx) => {
          ctx.lineJoin = 'round';
          ctx.strokeStyle = colour;
          ctx.globalAlpha = pulse;
          ctx.lineWidth = 4;
          ctx.strokeRect(g.x[reel]! + 3, g.top + row * g.rowH + 3, g.w - 6, g.rowH - 6);
        },
      });
    };
    wins.forEach((w, k) => {
      const rows = game.lines[w.line]!;
      const colour = LINE_COLOURS[w.line % LINE_COLOURS.length]!;
      pieces.push({
        id: `line${k}`,
        key: String(w.line),
        box: overlayBox,
        plain: true,
        draw: (ctx) => ctx.drawImage(art.lines[w.line]!, OVERLAY.x, OVERLAY.y),
      });
      for (let r = 0; r < w.count; r++) frame(`line${k}.${r}`, String(w.line), r, rows[r]!, colour);
    });
    scatterCells.forEach(([reel, row], k) => {
      frame(`scatter.${k}`, 'scatter', reel, row, SCATTER_COLOUR);
    });
    if (all) {
      addPill(pieces, `WIN ${formatMoney(outcome.win)}`, '#ffd54a', 18);
    } else if (wins.length > 0) {
      const w = wins[0]!;
      addPill(
        pieces,
        `LINE ${w.line + 1}  PAYS ${formatMoney(w.pay)}`,
        LINE_COLOURS[w.line % LINE_COLOURS.length]!,
        16,
      );
    } else if (scatter) {
      addPill(
        pieces,
        `${scatter.count} SCATTERS PAY ${formatMoney(scatter.pay)}`,
        SCATTER_COLOUR,
        16,
      );
    }
  };

  /** What a hand pay or a fault puts over the reels, or null. */
  const addNotice = (pieces: Piece[], state: EgmState) => {
    let text: NoticeText | null = null;
    const handPay = state.handPay > 0 ? formatMoney(state.handPay) : null;
    if (state.status === 'fault') {
      const tilted = state.tilt !== null;
      text = {
        title: state.doorOpen ? 'DOOR OPEN' : tilted ? 'TILT' : 'OUT OF SERVICE',
        detail: handPay
          ? `HAND PAY PENDING ${handPay}`
          : tilted
            ? state.tilt!.toUpperCase()
            : 'PLAY RESUMES WHEN THE DOOR CLOSES',
        amount: null,
      };
    } else if (handPay !== null)
      text = { title: 'HAND PAY PENDING', detail: 'PLEASE CALL AN ATTENDANT', amount: handPay };
    if (!text) return;
    const sprite = noticeSprite(art, text);
    const key = `${text.title}|${text.detail}|${text.amount}`;
    pieces.push({
      id: 'notice',
      key,
      box: box({ x: sprite.x, y: sprite.y, w: sprite.canvas.width, h: sprite.canvas.height }),
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite.canvas, sprite.x, sprite.y),
    });
  };

  const addMeter = (
    pieces: Piece[],
    id: keyof typeof meters,
    value: string,
    colour: string,
    glow: number,
  ) => {
    const r = meters[id];
    pieces.push({
      id,
      key: `${value}|${colour}|${glow}`,
      box: meterBoxes[id],
      draw: (ctx) => {
        if (glow > 0) {
          ctx.fillStyle = `rgba(255,190,40,${0.28 * glow})`;
          ctx.beginPath();
          ctx.roundRect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, 8);
          ctx.fill();
        }
        ctx.font = `bold 25px ${SANS}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillStyle = colour;
        // Narrowed to fit, and the digits stay well inside the box vertically.
        ctx.fillText(value, r.x + r.w / 2, r.y + 33, r.w - 16);
      },
    });
  };

  const panels = new Map<string, AttractSprite>();
  /** Attract mode, `since` ms in: a page of the panel over the reels and the title's pulse. */
  const addAttract = (pieces: Piece[], credits: number, since: number) => {
    const pages = attractPages(game, credits);
    const page = pages[attractPageAt(pages, since)]!;
    const key = pageKey(page);
    let panel = panels.get(key);
    if (!panel) {
      panel = drawAttractPanel(geo, page);
      if (panels.size >= 8) panels.clear();
      panels.set(key, panel);
    }
    const sprite = panel;
    pieces.push({
      id: 'attract',
      key,
      box: box({ x: sprite.x, y: sprite.y, w: sprite.canvas.width, h: sprite.canvas.height }),
      plain: true,
      draw: (ctx) => ctx.drawImage(sprite.canvas, sprite.x, sprite.y),
    });
    const level = TITLE_PULSE[Math.floor(since / ATTRACT_STEP_MS) % TITLE_PULSE.length]!;
    if (level > 0)
      pieces.push({
        id: 'title',
        key: String(level),
        box: titleBox,
        draw: (ctx) => {
          ctx.globalAlpha = level / 4;
          ctx.drawImage(titleGlow.canvas, titleGlow.x, titleGlow.y);
        },
      });
  };

  /** Everything over the background for the current state, in drawing order. */
  const piecesNow = (nowMs: number): Piece[] => {
    const t = egm.now();
    const state = egm.state;
    const spin = egm.spin;
    const out: Piece[] = [];

    // Reels, to the pixel.
    const stops = egm.stops;
    for (let r = 0; r < game.reels.length; r++) {
      let position = stops[r]!;
      let speed = 0;
      if (spin) {
        const m = reelMotion(
          r,
          game.reels.length,
          spin.durationMs,
          t - spin.startedAt,
          spin.fromStops[r]!,
          spin.stops[r]!,
          game.reels[r]!.length,
        );
        position = m.position;
        speed = m.speed;
      }
      const py = Math.round((position - above) * g.rowH);
      const blurred = speed > 6;
      out.push({
        id: `reel${r}`,
        key: `${py}${blurred ? 'b' : ''}`,
        box: reelBoxes[r]!,
        opaque: reelInside[r]!,
        draw: (ctx) => drawReel(ctx, r, py, blurred),
      });
    }

    // Win presentation.
    const outcome = spin ? null : egm.lastOutcome;
    if (outcome !== shown) {
      shown = outcome;
      shownAt = t;
    }
    const since = Math.floor((t - shownAt) / WIN_STEP_MS) * WIN_STEP_MS;
    const locked = state.status === 'handpay' || state.status === 'fault';
    const idleFor = t - egm.lastActivityAt;
    const attract =
      !spin && !state.autoplay && state.status === 'idle' && idleFor >= attractAfterMs
        ? idleFor - attractAfterMs
        : null;
    // Attract mode takes over from the win presentation.
    const winning =
      attract === null &&
      outcome !== null &&
      (outcome.lines.length > 0 || outcome.scatter !== null);
    if (attract !== null) addAttract(out, state.credits, attract);
    else if (winning) addWin(out, outcome, since);
    else if (!spin && !locked && state.credits < state.bet)
      addPill(
        out,
        state.credits < game.betLevels[0]! ? 'ADD CREDITS TO PLAY' : 'LOWER THE BET TO PLAY',
        '#a8791a',
        16,
      );
    addNotice(out, state);

    // Chasing lights: fast while spinning, all flashing on a win, slow otherwise; in attract mode
    // a pair of lights runs across the top, from left to right.
    const step = Math.floor(nowMs / (spin ? 70 : 260));
    const flash = winning && t - shownAt < 3000 ? Math.floor(nowMs / 160) % 2 === 0 : null;
    const run = BULBS_LEFT.length + BULBS_RIGHT.length + 2;
    const attractStep = attract === null ? 0 : Math.floor(attract / ATTRACT_STEP_MS);
    for (const side of ['left', 'right'] as const) {
      const xs = side === 'left' ? BULBS_LEFT : BULBS_RIGHT;
      const on = xs.map((_, j) => {
        if (attract !== null) {
          const at = side === 'left' ? j : BULBS_LEFT.length + 2 + j;
          return mod(attractStep - at, run) < 2;
        }
        return flash ?? (step + (side === 'left' ? j : xs.length - 1 - j)) % 3 === 0;
      });
      out.push({
        id: `bulbs-${side}`,
        key: on.map((o) => (o ? 1 : 0)).join(''),
        box: bulbBoxes[side],
        plain: true,
        draw: (ctx) => {
          xs.forEach((x, j) => {
            ctx.drawImage(on[j] ? art.bulbOn : art.bulbOff, x - 10, BULB_Y - 10);
          });
        },
      });
    }

    // Meters.
    addMeter(out, 'credit', formatMoney(state.credits), '#fff1c7', 0);
    addMeter(out, 'bet', formatMoney(state.bet), '#ffffff', 0);
    const winGlow = state.win > 0 && attract === null ? 0.6 + 0.4 * Math.sin(since / 150) : 0;
    addMeter(out, 'win', formatMoney(state.win), state.win > 0 ? '#ffd54a' : '#8c7a5c', winGlow);

    // Buttons.
    const levels = game.betLevels;
    const press = egm.lastPress;
    const free = !locked && !state.spinning;
    const enabled: Record<Button, boolean> = {
      'bet-': free && state.bet > levels[0]!,
      'bet+': free && state.bet < levels[levels.length - 1]!,
      spin: free && state.credits >= state.bet,
      auto: !locked && (state.autoplay || state.spinning || state.credits >= state.bet),
      collect: free && state.credits > 0,
    };
    for (const b of buttons) {
      const pressed = press !== null && press.button === b && t - press.at < PRESS_FEEDBACK_MS;
      let variant: ButtonVariant = enabled[b] ? 'normal' : 'disabled';
      if (b === 'auto' && state.autoplay) variant = pressed ? 'lit-pressed' : 'lit';
      else if (pressed && enabled[b]) variant = 'pressed';
      const sprite = art.buttons[b][variant] ?? art.buttons[b].normal!;
      const r = geo.buttons[b];
      out.push({
        id: b,
        key: variant,
        box: spriteBoxes[b],
        plain: true,
        draw: (ctx) => ctx.drawImage(sprite, r.x - BUTTON_PAD, r.y - BUTTON_PAD),
      });
    }
    return out;
  };

  /** A canvas showing the screen from (x0, y0), drawn on in design pixels. */
  const surface = (b: Box): { canvas: Canvas; ctx: Ctx } => {
    const canvas = createCanvas(b.x1 - b.x0, b.y1 - b.y0);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(sx, 0, 0, sy, -b.x0, -b.y0);
    return { canvas, ctx };
  };

  /**
   * Draws the background and then `list` (with `b`, only the pieces that meet b, and nothing under
   * an opaque piece that covers all of b).
   */
  const paint = (ctx: Ctx, list: Piece[], b?: Box) => {
    let from = -1;
    if (b)
      for (let i = list.length - 1; i >= 0 && from < 0; i--) {
        const o = list[i]!.opaque;
        if (o && contains(o, b)) from = i;
      }
    if (from < 0) {
      ctx.drawImage(art.background, 0, 0);
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
  };

  /** Redraws a region on its canvas and copies it into the frame. */
  const redraw = (r: Region, list: Piece[]) => {
    if (!r.canvas || !r.ctx) Object.assign(r, surface(r.box));
    paint(r.ctx!, list, r.box);
    const src = r.canvas!.data();
    const { x0, y0, x1, y1 } = r.box;
    const rowBytes = (x1 - x0) * 4;
    if (x0 === 0 && x1 === width) bytes.set(src, y0 * rowBytes);
    else
      for (let y = y0, at = 0; y < y1; y++, at += rowBytes)
        bytes.set(src.subarray(at, at + rowBytes), (y * width + x0) * 4);
  };

  const renderFrame = (
    nowMs: number,
    frameNumber: number,
  ): { rgba: Uint8ClampedArray; changed: boolean } => {
    const list = piecesNow(nowMs);
    for (const r of regions) r.next = '';
    for (const p of list) {
      const part = `${p.id}=${p.key};`;
      for (const r of regionsMeeting(p.box)) r.next += part;
    }
    const dirty = new Set<Region>();
    for (const r of regions)
      if (r.next !== r.key) {
        r.key = r.next;
        dirty.add(r);
      }
    const first = !started;
    started = true;
    const changed = first || dirty.size > 0;
    if (fullRedraw || first) {
      whole ??= surface({ x0: 0, y0: 0, x1: width, y1: height });
      paint(whole.ctx, list);
      bytes.set(whole.canvas.data());
      // Later frames only redraw regions.
      if (!fullRedraw) whole = null;
    } else if (dirty.size > 0) {
      for (const group of groups)
        if (group.members.every((m) => dirty.has(m))) {
          for (const m of group.members) dirty.delete(m);
          redraw(group, list);
        }
      for (const r of dirty) redraw(r, list);
    }
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
      shown = null;
      for (const r of regions) r.key = null;
      for (const gr of groups) gr.key = null;
    },
  };
}
