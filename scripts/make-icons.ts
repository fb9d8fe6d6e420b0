// Draws the installable app's icons (apps/player/public/icons) from the favicon's design: a gold
// ring and dot on the casino floor's dark. `npx tsx scripts/make-icons.ts`; the PNGs are
// committed, so a build needs no canvas.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

const floor = '#0c0a12';
const gold = '#f5c04a';
const out = path.resolve(import.meta.dirname, '../apps/player/public/icons');

/**
 * The favicon's 32-unit drawing at `size` pixels. `maskable` fills the whole square and keeps the
 * ring inside the middle 80 % circle that every launcher's mask leaves visible.
 */
function drawIcon(size: number, maskable: boolean): Buffer {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const unit = size / 32;
  ctx.fillStyle = floor;
  if (maskable) ctx.fillRect(0, 0, size, size);
  else {
    ctx.beginPath();
    ctx.roundRect(0, 0, size, size, 7 * unit);
    ctx.fill();
  }
  // The ring reaches 11.5 units out of 16; inside the safe circle (0.4 of the size) when maskable.
  const scale = maskable ? (0.4 * 32 * 0.85) / 11.5 : 1;
  ctx.translate(size / 2, size / 2);
  ctx.scale(scale * unit, scale * unit);
  ctx.strokeStyle = gold;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(0, 0, 10, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = gold;
  ctx.beginPath();
  ctx.arc(0, 0, 3.5, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toBuffer('image/png');
}

const icons: Array<[string, number, boolean]> = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  // iOS ignores the manifest's icons and masks this square one itself.
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(path.join(out, name), drawIcon(size, maskable));
  console.log(`${name} (${size}×${size}${maskable ? ', maskable' : ''})`);
}
