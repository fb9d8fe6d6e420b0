// Computes one game's par sheet off the main thread: the full-cycle enumeration of a five-reel
// game takes seconds, and the main thread draws and sends the machines' video.
import { parentPort, workerData } from 'node:worker_threads';
import { computeParSheet, games } from '@reelcast/egm';

const game = games[String(workerData)];
if (!game) throw new Error(`no game ${String(workerData)}`);
const { rtp, hitFrequency, volatility, topAward, cycle } = computeParSheet(game);
parentPort?.postMessage({ rtp, hitFrequency, volatility, topAward, cycle });
