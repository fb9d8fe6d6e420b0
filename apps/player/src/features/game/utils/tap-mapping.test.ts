import { describe, expect, it } from 'vitest';
import { mapTapToVideo } from './tap-mapping';

// A 640x480 (4:3) machine screen.
const video = { width: 640, height: 480 };

describe('mapTapToVideo', () => {
  describe('pillarbox: a wide element, bars left and right', () => {
    // 1000x480 element at (100, 50): the picture is 640x480, starting 180 px in.
    const box = { left: 100, top: 50, width: 1000, height: 480 };

    it('maps the centre of the element to the centre of the screen', () => {
      expect(mapTapToVideo(600, 290, box, video.width, video.height)).toEqual({ x: 0.5, y: 0.5 });
    });

    it('maps the picture corners to 0 and 1', () => {
      expect(mapTapToVideo(280, 50, box, video.width, video.height)).toEqual({ x: 0, y: 0 });
      expect(mapTapToVideo(920, 530, box, video.width, video.height)).toEqual({ x: 1, y: 1 });
    });

    it('maps a point inside the picture proportionally', () => {
      const point = mapTapToVideo(280 + 160, 50 + 360, box, video.width, video.height);
      expect(point).toEqual({ x: 0.25, y: 0.75 });
    });

    it('ignores a tap on a side bar', () => {
      expect(mapTapToVideo(150, 290, box, video.width, video.height)).toBeNull();
      expect(mapTapToVideo(1050, 290, box, video.width, video.height)).toBeNull();
    });
  });

  describe('letterbox: a tall element, bars above and below', () => {
    // 320x800 element at the origin: the picture is 320x240, starting 280 px down.
    const box = { left: 0, top: 0, width: 320, height: 800 };

    it('maps the picture, scaled down, to 0..1', () => {
      expect(mapTapToVideo(160, 400, box, video.width, video.height)).toEqual({ x: 0.5, y: 0.5 });
      expect(mapTapToVideo(80, 280 + 60, box, video.width, video.height)).toEqual({
        x: 0.25,
        y: 0.25,
      });
    });

    it('ignores a tap on the bar above or below the picture', () => {
      expect(mapTapToVideo(160, 100, box, video.width, video.height)).toBeNull();
      expect(mapTapToVideo(160, 700, box, video.width, video.height)).toBeNull();
    });
  });

  it('ignores taps while the video has no size yet', () => {
    const box = { left: 0, top: 0, width: 640, height: 480 };
    expect(mapTapToVideo(10, 10, box, 0, 0)).toBeNull();
  });
});
