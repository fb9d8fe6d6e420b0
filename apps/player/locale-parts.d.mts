// Types for locale-parts.mjs (plain JS, as first-load.mjs, so every config loads it as it is).
import type { Plugin } from 'vite';

export const firstScreenKeys: string[];
export const loginScreenKeys: string[];
export function localePart(
  all: Record<string, unknown>,
  part: 'first' | 'login' | 'rest',
): Record<string, unknown>;
export function localeParts(): Plugin;
