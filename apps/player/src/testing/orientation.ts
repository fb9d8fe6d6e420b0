// A phone held upright or turned: the (orientation: portrait) media query answers as told.
import { vi } from 'vitest';

export function stubOrientation(portrait: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('portrait') ? portrait : false,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}
