// Par sheets for the paytables page, computed once per game in a worker thread and kept.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { computeParSheet, games } from '@reelcast/egm';
import { runningBuilt } from '../../paths';

export interface ParFigures {
  rtp: number;
  hitFrequency: number;
  volatility: number;
  /** the biggest win over the cycle, in total bets */
  topAward: number;
  cycle: number;
}

/**
 * The worker: built, dist/parsheet-worker.js beside the bundle (build.mjs makes it), started by
 * plain node; from the sources, the TypeScript module, with tsx registered first, since a worker
 * starts without its parent's loader.
 */
function startWorker(gameId: string): Worker {
  if (runningBuilt) {
    return new Worker(new URL('./parsheet-worker.js', import.meta.url), { workerData: gameId });
  }
  const workerUrl = new URL('./parsheet-worker.ts', import.meta.url).href;
  // The ESM build of tsx's API (its CommonJS build cannot register the ESM loader from here).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = JSON.parse(readFileSync(manifest, 'utf8')).exports['./esm/api'].import.default;
  const tsxApi = pathToFileURL(path.join(path.dirname(manifest), exported)).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); })`,
    { eval: true, workerData: gameId },
  );
}

export function inWorker(gameId: string): Promise<ParFigures> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(gameId);
    worker.once('message', (figures: ParFigures) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`par sheet worker exited with ${code}`));
    });
  });
}

const cache = new Map<string, Promise<ParFigures>>();

export function parFigures(gameId: string): Promise<ParFigures> {
  let figures = cache.get(gameId);
  if (!figures) {
    figures = inWorker(gameId).catch(() => {
      // Without a worker (an unusual runtime), compute here once; the result is kept.
      const game = games[gameId];
      if (!game) throw new Error(`no game ${gameId}`);
      const { rtp, hitFrequency, volatility, topAward, cycle } = computeParSheet(game);
      return { rtp, hitFrequency, volatility, topAward, cycle };
    });
    cache.set(gameId, figures);
  }
  return figures;
}
