// Types for first-load.mjs (plain JS so that size-limit loads it without a TypeScript loader).
export type Route = '/login' | '/lobby' | '/game';
export type Manifest = Record<
  string,
  { file: string; name?: string; src?: string; css?: string[]; imports?: string[] }
>;
export const distDir: string;
export const routeModules: Record<Route, string[]>;
export const deferredModules: Record<Route, string[]>;
export function readManifest(): Manifest;
export function staticClosure(manifest: Manifest, keys: string[]): Set<string>;
export function chunkCycles(manifest: Manifest): string[][];
export function languageFiles(manifest: Manifest): string[];
export function heaviestLanguageFile(
  manifest: Manifest,
  part?: 'first' | 'login' | 'rest',
  dir?: string,
): string;
export function routeFiles(route: Route, manifest?: Manifest, dir?: string): string[];
export function deferredFiles(route: Route, manifest?: Manifest, dir?: string): string[];
