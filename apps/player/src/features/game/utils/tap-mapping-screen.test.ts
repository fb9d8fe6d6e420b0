import { describe, expect, it } from 'vitest';
import { isAppleHandheld } from './device';
import { mapTapOnScreen } from './tap-mapping';

const upright = { centerX: 320, centerY: 240, width: 640, height: 480, rotated: false };

describe('mapTapOnScreen', () => {
  it('maps an upright contained picture like the plain mapping', () => {
    const p = mapTapOnScreen(160, 120, { ...upright, fit: 'contain' }, 640, 480);
    expect(p).toEqual({ x: 0.25, y: 0.25 });
  });

  it('turns a tap on a quarter-turned video back onto the machine screen', () => {
    // The element is 640x480 turned clockwise: on screen it is 480 wide, 640 tall, centred at
    // (240, 320). The machine's top-left corner is now at the top right of the screen.
    const geometry = { centerX: 240, centerY: 320, width: 640, height: 480, rotated: true };
    const topLeft = mapTapOnScreen(480 - 1, 1, { ...geometry, fit: 'contain' }, 640, 480);
    expect(topLeft!.x).toBeCloseTo(0, 2);
    expect(topLeft!.y).toBeCloseTo(0, 2);
    const bottomRight = mapTapOnScreen(1, 640 - 1, { ...geometry, fit: 'contain' }, 640, 480);
    expect(bottomRight!.x).toBeCloseTo(1, 2);
    expect(bottomRight!.y).toBeCloseTo(1, 2);
  });

  it('with cut screen the picture fills the element and its cut-off edges cannot be tapped', () => {
    // A 640x480 picture in a 480x480 element: cover scales to 640 wide, 80 px cut each side.
    const geometry = { centerX: 240, centerY: 240, width: 480, height: 480, rotated: false };
    const centre = mapTapOnScreen(240, 240, { ...geometry, fit: 'cover' }, 640, 480);
    expect(centre).toEqual({ x: 0.5, y: 0.5 });
    const leftEdge = mapTapOnScreen(0, 240, { ...geometry, fit: 'cover' }, 640, 480);
    expect(leftEdge!.x).toBeCloseTo(80 / 640, 5);
    const contained = mapTapOnScreen(240, 10, { ...geometry, fit: 'contain' }, 640, 480);
    expect(contained).toBeNull();
  });
});

describe('isAppleHandheld', () => {
  it('knows iPhones and iPads, including an iPad that says it is a Mac', () => {
    expect(
      isAppleHandheld('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'iPhone', 5),
    ).toBe(true);
    expect(isAppleHandheld('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(
      true,
    );
    expect(isAppleHandheld('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(
      false,
    );
    expect(isAppleHandheld('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5)).toBe(
      false,
    );
  });
});
