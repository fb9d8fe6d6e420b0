// The first screens' parts of the stylesheet (login-screen.css, lobby-screen.css) hold the
// utilities of the files they list only: every component of the app's start-up and of that screen
// must be listed, or it would show unstyled until the whole stylesheet arrives, and nothing else.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../first-load.mjs';

const src = import.meta.dirname;

/** The files a sheet lists, relative to src/: a file, or a folder and all it holds. */
function listedSources(sheet: string): string[] {
  const css = readFileSync(path.join(src, sheet), 'utf8');
  return [...css.matchAll(/^@source "\.\/([^"]+)";$/gm)].map((match) => match[1] ?? '');
}

// Static imports and re-exports of our own modules; `import type` brings in no markup, and a
// dynamic import() is a later chunk (each first-screen one is a route module below).
const staticImport = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

function resolve(from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(src, candidate))) return candidate;
  }
  return null;
}

/** Every module (relative to src/) the given ones import statically, themselves included. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(src, file), 'utf8');
    for (const match of code.matchAll(staticImport)) {
      const imported = resolve(file, match[1] ?? '');
      if (imported) visit(imported);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

/** The components (relative to src/) a route shows before the player can act. */
function firstScreenComponents(route: '/login' | '/lobby'): string[] {
  const routeEntries = routeModules[route]
    .filter((key) => /^src\/.+\.tsx?$/.test(key))
    .map((key) => key.slice('src/'.length));
  // The start-up gate's refusal screen stands in for the first screen, without waiting.
  const entries = ['main.tsx', ...routeEntries, 'features/startup/components/startup-notice.tsx'];
  return [...staticClosure(entries)].filter((file) => file.endsWith('.tsx'));
}

describe.each([
  ['/login', 'login-screen.css'],
  ['/lobby', 'lobby-screen.css'],
] as const)('%s: %s', (route, sheet) => {
  it('lists every component the screen shows before the player can act', () => {
    const components = firstScreenComponents(route);
    const listed = listedSources(sheet);
    const unlisted = components.filter(
      (file) => !listed.some((source) => file === source || file.startsWith(`${source}/`)),
    );
    expect(components.length).toBeGreaterThan(15);
    expect(routeModules[route]).toContain(`src/${sheet}`);
    expect(unlisted).toEqual([]);
  });

  it('lists nothing else: what waits for the first screen brings the whole stylesheet', () => {
    // A file or folder beyond them would put its utilities (and the @property rules they need)
    // into the screen's first load for nothing.
    const components = firstScreenComponents(route);
    expect(listedSources(sheet).filter((source) => !components.includes(source))).toEqual([]);
  });
});
