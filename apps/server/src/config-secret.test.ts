// The token secret: JWT_SECRET or the file generated into DATA_DIR. A key shorter than 32 bytes
// makes HS256 tokens guessable, so a short one stops the start whichever place it came from.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'reelcast-secret-'));

describe('token secret', () => {
  it('generates a long secret into DATA_DIR and reads it back on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).JWT_SECRET;
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
  });

  it('refuses an existing secret file shorter than 32 bytes, naming the file', () => {
    const dir = dataDir();
    const file = path.join(dir, 'jwt-secret');
    writeFileSync(file, 'short-secret\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(file);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/at least 32 bytes/);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET/,
    );
  });
});
