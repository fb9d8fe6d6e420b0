// Full page loads, behind one seam so tests can watch them (jsdom cannot navigate).
export const browser = {
  /** Loads the app afresh at path: every in-memory state, socket and cache is gone. */
  reloadTo(path: string): void {
    window.location.replace(path);
  },
};
