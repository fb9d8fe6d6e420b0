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
