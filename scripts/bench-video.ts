// Glass-to-glass latency and received frame rate of machine video, 1 and N streams.
// Each frame carries its capture time in a strip of black/white blocks (packages/egm frame
// stamp); Chromium reads it back in requestVideoFrameCallback and subtracts it from the time the
// frame is handed to the compositor. Same machine, same clock. Prints figures, asserts nothing.
//
//   npm run bench:video [-- --streams 1,4,8 --seconds 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRAME_STAMP } from '@reelcast/egm/frame-stamp';
import { chromium, type Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const streamCounts = arg('streams', '1,4,8').split(',').map(Number);
const seconds = Number(arg('seconds', '10'));
const still = args.includes('--still');
const port = 8282;
export const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

export function startServer(): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-bench-'));
  // Started as root, the server drops to nobody by itself (RUN_AS_UID) before the floor starts:
  // the sender is measured unprivileged, as a deployment runs it.
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ICE_ALLOWED_ADDRESSES: '127.0.0.1',
      VIDEO_FRAME_STAMP: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

export async function login(username: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234', site_id: 0 }),
  });
  return (await res.json()).token;
}

/** Opens one stream: node does the signalling, the page holds the receiving peer connection. */
async function openStream(page: Page, token: string, machineID: number): Promise<Socket> {
  const socket = io(`${base}/machine`, { transports: ['websocket'], reconnection: false });
  socket.on('signal', async (m) => {
    if (m.type === 'offer') {
      const answer = await page.evaluate(
        ([id, sdp]) => (window as unknown as BenchWindow).bench.offer(id, sdp),
        [machineID, m.sdp] as const,
      );
      socket.emit('signal', { type: 'answer', sdp: answer });
    } else if (m.candidate) {
      await page.evaluate(([id, c]) => (window as unknown as BenchWindow).bench.candidate(id, c), [
        machineID,
        m.candidate,
      ] as const);
    }
  });
  const ack = await socket.timeout(10_000).emitWithAck('init', { machineID, token });
  if (ack.code !== 20000) throw new Error(`init ${machineID}: ${JSON.stringify(ack)}`);
  // Keep the reels moving: a still screen would flatter the encoder (--still measures that).
  await socket.timeout(5000).emitWithAck('transfer', { amount: 5_000 });
  if (!still) await socket.timeout(5000).emitWithAck('press', { button: 'auto' });
  return socket;
}

interface BenchWindow {
  bench: {
    offer(id: number, sdp: string): Promise<string>;
    candidate(id: number, c: RTCIceCandidateInit): Promise<void>;
    start(): void;
    results(): Array<{ id: number; latencies: number[]; frames: number; seconds: number }>;
  };
}

/** Runs in the page: receiving peer connections and the frame-stamp reader. */
function installBench([stamp, lowLatency]: [typeof FRAME_STAMP, boolean]): void {
  const pcs = new Map<number, RTCPeerConnection>();
  const stats = new Map<number, { latencies: number[]; frames: number; t0: number }>();
  let measuring = false;
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;

  const read = (video: HTMLVideoElement): { time: number; frame: number } | null => {
    ctx.drawImage(video, 0, 0, 640, 480);
    const strip = ctx.getImageData(0, stamp.y, 640, stamp.height).data;
    let bits = 0;
    for (let i = 0; i < stamp.blocks; i++) {
      const x = i * stamp.blockWidth + stamp.blockWidth / 2;
      const o = (Math.floor(stamp.height / 2) * 640 + x) * 4;
      const luma = 0.299 * strip[o]! + 0.587 * strip[o + 1]! + 0.114 * strip[o + 2]!;
      if (luma >= 128) bits |= 1 << i;
    }
    bits >>>= 0;
    return { time: bits & 0xffffff, frame: bits >>> 24 };
  };

  (window as unknown as BenchWindow).bench = {
    async offer(id, sdp) {
      const pc = new RTCPeerConnection({ iceServers: [] });
      pcs.set(id, pc);
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.width = 320;
      document.body.append(video);
      pc.ontrack = (e) => {
        // The player app asks for the same: render each frame as soon as it is decoded.
        const receiver = e.receiver as RTCRtpReceiver & {
          playoutDelayHint?: number;
          jitterBufferTarget?: number;
        };
        if (lowLatency) {
          receiver.playoutDelayHint = 0;
          receiver.jitterBufferTarget = 0;
        }
        video.srcObject = e.streams[0] ?? new MediaStream([e.track]);
        void video.play();
      };
      const s = { latencies: [] as number[], frames: 0, t0: 0 };
      stats.set(id, s);
      // Reading the stamp back costs the page a full-frame conversion; sample it on every
      // frame of the first stream and every fifth frame of the others, and count frames from
      // the presented-frames counter, which costs nothing.
      const every = pcs.size === 1 ? 1 : 5;
      let firstPresented = -1;
      let seen = 0;
      const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
        if (measuring && video.videoWidth > 0) {
          if (firstPresented < 0) firstPresented = meta.presentedFrames;
          s.frames = meta.presentedFrames - firstPresented;
          if (seen++ % every === 0) {
            const got = read(video);
            const now = Date.now() & 0xffffff;
            if (got) {
              const latency = (now - got.time + 0x1000000) % 0x1000000;
              if (latency < 5000) s.latencies.push(latency);
            }
          }
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      await pc.setRemoteDescription({ type: 'offer', sdp });
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      return pc.localDescription!.sdp;
    },
    async candidate(id, c) {
      await pcs.get(id)?.addIceCandidate(c);
    },
    start() {
      measuring = true;
      for (const s of stats.values()) s.t0 = performance.now();
    },
    results() {
      return [...stats].map(([id, s]) => ({
        id,
        latencies: s.latencies,
        frames: s.frames,
        seconds: (performance.now() - s.t0) / 1000,
      }));
    },
  };
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : Number.NaN;
};

async function run(): Promise<void> {
  const server = startServer();
  try {
    await waitHealthy();
    const token = await login('demo');
    const machines: Array<{ id: number }> = await (
      await fetch(`${base}/machine/all`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const browser = await chromium.launch({
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    });
    console.log(`video benchmark: 640x480, ${seconds} s per run, sender unprivileged`);
    console.log('streams  p50 ms  p95 ms  fps (min / mean per stream)');
    for (const n of streamCounts) {
      if (n > machines.length) {
        console.log(`${n}: only ${machines.length} machines on the floor, skipped`);
        continue;
      }
      const page = await browser.newPage();
      await page.goto(`${base}/healthz`);
      // tsx keeps function names with a __name helper the page does not have.
      await page.evaluate('window.__name = (f) => f');
      await page.evaluate(installBench, [
        FRAME_STAMP,
        process.env.BENCH_DEFAULT_PLAYOUT !== '1',
      ] as [typeof FRAME_STAMP, boolean]);
      const sockets: Socket[] = [];
      for (const m of machines.slice(0, n)) sockets.push(await openStream(page, token, m.id));
      await page.waitForTimeout(3000); // connect and let congestion control settle
      await page.evaluate(() => (window as unknown as BenchWindow).bench.start());
      await page.waitForTimeout(seconds * 1000);
      const results = await page.evaluate(() => (window as unknown as BenchWindow).bench.results());
      const all = results.flatMap((r) => r.latencies);
      const fps = results.map((r) => r.frames / r.seconds);
      const mean = fps.reduce((a, b) => a + b, 0) / Math.max(1, fps.length);
      console.log(
        `${String(n).padStart(7)}  ${pct(all, 50).toFixed(0).padStart(6)}  ${pct(all, 95).toFixed(0).padStart(6)}  ${Math.min(...fps).toFixed(1)} / ${mean.toFixed(1)}`,
      );
      for (const s of sockets) {
        await s
          .timeout(5000)
          .emitWithAck('press', { button: 'auto' })
          .catch(() => {});
        await s
          .timeout(5000)
          .emitWithAck('cashout', {})
          .catch(() => {});
        s.disconnect();
      }
      await page.close();
      await new Promise((r) => setTimeout(r, 1000));
    }
    await browser.close();
  } finally {
    server.kill('SIGTERM');
  }
}

// Run as a script; bench-input.ts imports the server helpers above.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
