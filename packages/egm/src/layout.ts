// Screen geometry shared by the hit-testing in Egm.touch() and by the renderer. A machine shows
// one of two layouts, switched at run time: landscape (640×480, the cabinet's own screen) and
// portrait (480×640, for a phone held upright: the same pixel count, so the video costs the same
// to encode, and 480 px across still gives five reels room for their symbols).

export type Button = 'bet-' | 'bet+' | 'spin' | 'auto' | 'collect';
export type ScreenLayout = 'landscape' | 'portrait';
export const screenLayouts: readonly ScreenLayout[] = ['landscape', 'portrait'];

export const SCREEN_WIDTH = 640;
export const SCREEN_HEIGHT = 480;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type MeterName = 'credit' | 'bet' | 'win';

/** Where everything sits on one layout, in its design pixels. */
export interface LayoutGeometry {
  layout: ScreenLayout;
  width: number;
  height: number;
  /** The game's name plate at the top. */
  title: Rect;
  /** Centres of the bulbs either side of the title. */
  bulbs: { left: number[]; right: number[]; y: number };
  /** Reel window (inside its frame). */
  reelWindow: Rect;
  reelGap: number;
  /** Line numbers beside the window: how far left (right) of it, in one column or staggered over two. */
  markers: { inner: number; outer: number };
  meters: Record<MeterName, Rect>;
  buttons: Record<Button, Rect>;
}

const landscape: LayoutGeometry = {
  layout: 'landscape',
  width: 640,
  height: 480,
  title: { x: 112, y: 6, w: 416, h: 42 },
  bulbs: { left: [18, 38, 58, 78, 98], right: [542, 562, 582, 602, 622], y: 27 },
  reelWindow: { x: 70, y: 58, w: 500, h: 240 },
  reelGap: 10,
  markers: { inner: 26, outer: 46 },
  meters: {
    credit: { x: 16, y: 312, w: 232, h: 50 },
    bet: { x: 256, y: 312, w: 128, h: 50 },
    win: { x: 392, y: 312, w: 232, h: 50 },
  },
  // Every button is at least 84 px tall.
  buttons: {
    'bet-': { x: 16, y: 372, w: 90, h: 84 },
    'bet+': { x: 114, y: 372, w: 90, h: 84 },
    auto: { x: 220, y: 372, w: 100, h: 84 },
    collect: { x: 328, y: 372, w: 124, h: 84 },
    spin: { x: 466, y: 364, w: 158, h: 92 },
  },
};

// Reels on top; credit and win side by side under them; the bet between its − and + buttons; SPIN
// in the middle of the bottom row, where a thumb rests, between AUTO and COLLECT.
const portrait: LayoutGeometry = {
  layout: 'portrait',
  width: 480,
  height: 640,
  title: { x: 100, y: 8, w: 280, h: 44 },
  bulbs: { left: [18, 38, 58, 78], right: [402, 422, 442, 462], y: 30 },
  reelWindow: { x: 54, y: 78, w: 372, h: 276 },
  reelGap: 8,
  markers: { inner: 22, outer: 41 },
  meters: {
    credit: { x: 16, y: 372, w: 218, h: 50 },
    win: { x: 246, y: 372, w: 218, h: 50 },
    bet: { x: 128, y: 448, w: 224, h: 50 },
  },
  buttons: {
    'bet-': { x: 16, y: 434, w: 100, h: 78 },
    'bet+': { x: 364, y: 434, w: 100, h: 78 },
    auto: { x: 16, y: 528, w: 104, h: 88 },
    spin: { x: 132, y: 526, w: 216, h: 92 },
    collect: { x: 360, y: 528, w: 104, h: 88 },
  },
};

export const layoutGeometry: Record<ScreenLayout, LayoutGeometry> = { landscape, portrait };

/** The landscape buttons in screen pixels. */
export const buttonPixels: Record<Button, Rect> = landscape.buttons;

export const buttons = Object.keys(buttonPixels) as Button[];

/** A layout's buttons as fractions of its screen (0..1), the coordinates touch() takes. */
export function buttonLayoutOf(layout: ScreenLayout): Record<Button, Rect> {
  const g = layoutGeometry[layout];
  return Object.fromEntries(
    buttons.map((b) => {
      const r = g.buttons[b];
      return [b, { x: r.x / g.width, y: r.y / g.height, w: r.w / g.width, h: r.h / g.height }];
    }),
  ) as Record<Button, Rect>;
}

const normalised: Record<ScreenLayout, Record<Button, Rect>> = {
  landscape: buttonLayoutOf('landscape'),
  portrait: buttonLayoutOf('portrait'),
};

/** The landscape buttons as fractions of the screen. */
export const buttonLayout: Record<Button, Rect> = normalised.landscape;

/** The button under a normalised point of a layout's screen, or null. */
export function hitTest(x: number, y: number, layout: ScreenLayout = 'landscape'): Button | null {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  for (const b of buttons) {
    const r = normalised[layout][b];
    if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return b;
  }
  return null;
}
