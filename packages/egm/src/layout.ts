// Screen geometry shared by the hit-testing in Egm.touch() and by the renderer.

export type Button = 'bet-' | 'bet+' | 'spin' | 'auto' | 'collect';

export const SCREEN_WIDTH = 640;
export const SCREEN_HEIGHT = 480;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The buttons in screen pixels on the 640×480 design; every one is at least 84 px tall. */
export const buttonPixels: Record<Button, Rect> = {
  'bet-': { x: 16, y: 372, w: 90, h: 84 },
  'bet+': { x: 114, y: 372, w: 90, h: 84 },
  auto: { x: 220, y: 372, w: 100, h: 84 },
  collect: { x: 328, y: 372, w: 124, h: 84 },
  spin: { x: 466, y: 364, w: 158, h: 92 },
};

export const buttons = Object.keys(buttonPixels) as Button[];

/** The buttons as fractions of the screen (0..1), the coordinates touch() takes. */
export const buttonLayout: Record<Button, Rect> = Object.fromEntries(
  buttons.map((b) => {
    const r = buttonPixels[b];
    return [
      b,
      {
        x: r.x / SCREEN_WIDTH,
        y: r.y / SCREEN_HEIGHT,
        w: r.w / SCREEN_WIDTH,
        h: r.h / SCREEN_HEIGHT,
      },
    ];
  }),
) as Record<Button, Rect>;

/** The button under a normalised point, or null. */
export function hitTest(x: number, y: number): Button | null {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  for (const b of buttons) {
    const r = buttonLayout[b];
    if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return b;
  }
  return null;
}
