import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultFloorFile, FloorFileError, readFloorFile } from './floor-file';

const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../player/public',
);

function fileWith(contents: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-floor-')), 'floor.json');
  writeFileSync(file, contents);
  return file;
}

const brand = { name: 'Aristocrat', image: '/images/brands/aristocrat.svg' };
const machine = {
  name: 'Golden Sevens',
  brand: 'Aristocrat',
  game: 'classic',
  image: '/images/machines/golden-sevens.svg',
};

function refusal(contents: unknown): string {
  const file = fileWith(typeof contents === 'string' ? contents : JSON.stringify(contents));
  try {
    readFloorFile(file);
  } catch (err) {
    expect(err).toBeInstanceOf(FloorFileError);
    const message = (err as Error).message;
    expect(message).toContain(file);
    return message;
  }
  throw new Error('the floor file was accepted');
}

describe('the default floor file', () => {
  const floor = readFloorFile(defaultFloorFile);

  it('has at least 3 brands and 12 machines, several of them 5-reel video slots', () => {
    expect(floor.brands.length).toBeGreaterThanOrEqual(3);
    expect(floor.machines.length).toBeGreaterThanOrEqual(12);
    expect(floor.machines.filter((m) => m.game === 'video5').length).toBeGreaterThanOrEqual(3);
    expect(new Set(floor.machines.map((m) => m.game))).toEqual(
      new Set(['classic', 'classic-1', 'video5', 'gems5']),
    );
    // Camera-type machines show what the WEBCAM setting does; most are the screen feed.
    const cameras = floor.machines.filter((m) => m.videoType === 'camera').length;
    expect(cameras).toBeGreaterThan(0);
    expect(cameras).toBeLessThan(floor.machines.length / 2);
  });

  it('gives the machines distinct looks: at least four 3-reel ones and two 5-reel games', () => {
    const threeReel = floor.machines.filter((m) => m.game.startsWith('classic'));
    expect(new Set(threeReel.map((m) => m.look)).size).toBeGreaterThanOrEqual(4);
    // The first eight machines, all one game, each look their own.
    const firstEight = floor.machines.slice(0, 8);
    expect(new Set(firstEight.map((m) => m.look)).size).toBe(8);
    const fiveReelGames = new Set(
      floor.machines.filter((m) => m.game === 'video5' || m.game === 'gems5').map((m) => m.game),
    );
    expect(fiveReelGames.size).toBe(2);
  });

  it('names only pictures the player app serves', () => {
    for (const item of [...floor.brands, ...floor.machines]) {
      expect(existsSync(path.join(publicDir, item.image)), item.image).toBe(true);
    }
  });
});

describe('a floor file that cannot be used', () => {
  it('is refused with the file and the problem named, not a stack trace', () => {
    expect(refusal('{"version": 1, "brands": [')).toMatch(/is not JSON/);
    expect(() => readFloorFile('/nonexistent/floor.json')).toThrow(
      /Cannot read the floor file \/nonexistent\/floor\.json: ENOENT/,
    );
  });

  it('names each wrong field by its place in the file', () => {
    const shape = refusal({
      version: 1,
      brands: [brand],
      machines: [
        machine,
        { ...machine, name: 'Cam', videoType: 'webcam' },
        { ...machine, name: 'Far away', image: 'http://example.com/x.svg' },
      ],
    });
    expect(shape).toContain('machines.1.videoType');
    expect(shape).toContain('machines.2.image: must be /images/… or an https address');
    // Brands and games are checked once every entry has the right shape.
    const references = refusal({
      version: 1,
      brands: [brand],
      machines: [
        machine,
        { ...machine, name: 'Reel King', brand: 'Novomatic' },
        { ...machine, name: 'Lucky Line', game: 'poker' },
        { ...machine, name: 'Proto', game: 'toString' },
      ],
    });
    expect(references).toContain('machines.1.brand: "Novomatic" is not one of the file\'s brands');
    expect(references).toContain(
      'machines.2.game: "poker" is not a game (one of classic, classic-1, video5, gems5)',
    );
    expect(references).toContain('machines.3.game: "toString" is not a game');
  });

  it('refuses a look the screen does not know, naming the ones it does', () => {
    const looks = refusal({
      version: 1,
      brands: [brand],
      machines: [machine, { ...machine, name: 'Neon', look: 'neon' }],
    });
    expect(looks).toMatch(/machines\.1\.look: "neon" is not a look \(one of golden, cherry, /);
    expect(
      refusal({ version: 1, brands: [brand], machines: [{ ...machine, look: '' }] }),
    ).toContain('machines.0.look');
  });

  it('takes a machine without a look or title (files from before looks)', () => {
    const file = fileWith(JSON.stringify({ version: 1, brands: [brand], machines: [machine] }));
    expect(readFloorFile(file).machines[0]).toEqual({ ...machine, videoType: 'screen' });
  });

  it('refuses a missing version, duplicate names and unknown keys', () => {
    expect(refusal({ brands: [brand], machines: [machine] })).toContain('version');
    expect(refusal({ version: 0, brands: [brand], machines: [machine] })).toContain('version');
    expect(refusal({ version: 1, brands: [brand, brand], machines: [machine] })).toContain(
      'brands.1.name: "Aristocrat" twice',
    );
    expect(refusal({ version: 1, brands: [brand], machines: [machine, machine] })).toContain(
      'machines.1.name: "Golden Sevens" twice',
    );
    expect(
      refusal({ version: 1, brands: [brand], machines: [{ ...machine, videotype: 'camera' }] }),
    ).toContain('videotype');
    expect(refusal({ version: 1, brands: [], machines: [machine] })).toContain('brands');
  });
});
