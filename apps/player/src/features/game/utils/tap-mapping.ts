// Maps a tap on the <video> element to a point on the machine's own screen. The element is
// styled object-fit: contain, so the picture is centred with bars on two sides (letterbox or
// pillarbox); a tap on a bar is not on the machine and must not reach it.

export type Box = { left: number; top: number; width: number; height: number };
export type NormalisedPoint = { x: number; y: number };

export function mapTapToVideo(
  clientX: number,
  clientY: number,
  box: Box,
  videoWidth: number,
  videoHeight: number,
): NormalisedPoint | null {
  if (videoWidth <= 0 || videoHeight <= 0 || box.width <= 0 || box.height <= 0) return null;
  const scale = Math.min(box.width / videoWidth, box.height / videoHeight);
  const contentWidth = videoWidth * scale;
  const contentHeight = videoHeight * scale;
  const contentLeft = box.left + (box.width - contentWidth) / 2;
  const contentTop = box.top + (box.height - contentHeight) / 2;
  const x = (clientX - contentLeft) / contentWidth;
  const y = (clientY - contentTop) / contentHeight;
  if (x < 0 || x > 1 || y < 0 || y > 1) return null;
  return { x, y };
}

/** How the picture sits in the element: whole with bars (contain) or cut to fill it (cover). */
export type VideoFit = 'contain' | 'cover';

export type VideoGeometry = {
  /** centre of the element on screen (getBoundingClientRect, unaffected by the rotation) */
  centerX: number;
  centerY: number;
  /** the element's own size before any transform (offsetWidth/offsetHeight) */
  width: number;
  height: number;
  /** the element is turned a quarter clockwise (the game screen's rotation, §2) */
  rotated: boolean;
  fit: VideoFit;
};

/**
 * A tap on a video that may be rotated a quarter turn and cut to fill (cut screen): the point is
 * turned back into the element's own frame, then mapped like an upright one.
 */
export function mapTapOnScreen(
  clientX: number,
  clientY: number,
  geometry: VideoGeometry,
  videoWidth: number,
  videoHeight: number,
): NormalisedPoint | null {
  const dx = clientX - geometry.centerX;
  const dy = clientY - geometry.centerY;
  // A quarter turn clockwise maps (x, y) to (−y, x) around the centre; undo it.
  const localX = geometry.rotated ? dy : dx;
  const localY = geometry.rotated ? -dx : dy;
  const box = {
    left: -geometry.width / 2,
    top: -geometry.height / 2,
    width: geometry.width,
    height: geometry.height,
  };
  if (geometry.fit === 'contain') {
    return mapTapToVideo(localX, localY, box, videoWidth, videoHeight);
  }
  if (videoWidth <= 0 || videoHeight <= 0 || box.width <= 0 || box.height <= 0) return null;
  // cover: the picture is scaled up to fill, its overflow cut off on two sides.
  const scale = Math.max(box.width / videoWidth, box.height / videoHeight);
  const x = (localX + (videoWidth * scale) / 2) / (videoWidth * scale);
  const y = (localY + (videoHeight * scale) / 2) / (videoHeight * scale);
  if (x < 0 || x > 1 || y < 0 || y > 1) return null;
  return { x, y };
}
