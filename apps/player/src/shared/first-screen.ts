// What the player does not need to act waits for the first screen (issue 22, first load): the
// rest of the translations, the notice connection's socket.io and the lock screen load once the
// first page has rendered and the browser has a moment, so they never delay it. The rest of the
// stylesheet comes first, so whatever waits here finds its styles.
let shown = false;
let ready = false;
const waiting: Array<() => void> = [];

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 50);
}

/** Whether an address opens on a first screen (/login, /lobby), which starts with their styles. */
export function isFirstScreen(pathname: string): boolean {
  return ['/', '/login', '/lobby'].includes(pathname) || pathname.startsWith('/lobby/');
}

let allStyles: Promise<unknown> | undefined;

/**
 * The whole stylesheet (src/index.css): the first screens start with their part of it
 * (loadFirstScreenStyles), so a screen or dialog beyond them waits for this.
 */
export function loadAllStyles(): Promise<unknown> {
  allStyles ??= import('../index.css').catch((error: unknown) => {
    // What it styles still works; the next call tries again.
    allStyles = undefined;
    console.warn('Stylesheet not loaded:', error);
  });
  return allStyles;
}

export type FirstScreen = 'login' | 'lobby';

const firstScreenSheets: Record<FirstScreen, () => Promise<unknown>> = {
  login: () => import('../login-screen.css'),
  lobby: () => import('../lobby-screen.css'),
};
const firstScreenStyles: Partial<Record<FirstScreen, Promise<unknown>>> = {};

/**
 * A first screen's part of the stylesheet (src/login-screen.css, src/lobby-screen.css): Tailwind's
 * base and the utilities of the app's start-up and of that screen. main.tsx starts the one a page
 * load opens on, and each screen's code waits for its own (a sign-in, a token that turned out to
 * be spent). Once the whole stylesheet is asked for, it is the one to wait for: a part linked after
 * it would put its utilities after the whole one's, out of their order.
 */
export function loadFirstScreenStyles(screen: FirstScreen): Promise<unknown> {
  if (allStyles) return allStyles;
  firstScreenStyles[screen] ??= firstScreenSheets[screen]().catch((error: unknown) => {
    // The screen still works; the next call tries again.
    firstScreenStyles[screen] = undefined;
    console.warn('Stylesheet not loaded:', error);
  });
  return firstScreenStyles[screen];
}

/** Called when the first page has rendered (app/router.tsx); later calls change nothing. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(() => {
    void loadAllStyles().then(() => {
      ready = true;
      for (const run of waiting.splice(0)) run();
    });
  });
}

/** Resolves once the first screen is up and the browser idle (at once after that). */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    if (ready) resolve();
    else waiting.push(resolve);
  });
}
