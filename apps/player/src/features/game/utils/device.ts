// What the game screen's controls depend on: the device (§2: no fullscreen toggle on iPhone and
// iPad, whose browsers do not let a page go fullscreen).

export function isAppleHandheld(
  userAgent: string = navigator.userAgent,
  platform: string = navigator.platform,
  maxTouchPoints: number = navigator.maxTouchPoints,
): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS asks for desktop pages and says it is a Mac; only its touch screen gives it away.
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

export function canGoFullscreen(): boolean {
  return !isAppleHandheld() && typeof document.documentElement.requestFullscreen === 'function';
}
