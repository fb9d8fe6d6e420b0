// The screen's fonts ship with the package (DejaVu, from npm), so a cabinet looks the same on
// any machine, including a fresh one with no system fonts at all.
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const families = {
  sans: 'Reelcast Sans',
  serif: 'Reelcast Serif',
} as const;

let registered = false;

export function registerFonts(): typeof families {
  if (!registered) {
    GlobalFonts.registerFromPath(
      require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
      families.sans,
    );
    GlobalFonts.registerFromPath(
      require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'),
      families.serif,
    );
    registered = true;
  }
  return families;
}
