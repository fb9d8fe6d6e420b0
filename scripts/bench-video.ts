// Glass-to-glass latency and received frame rate of machine video, 1 and N streams.
// Each frame carries its capture time in a strip of black/white blocks (packages/egm frame
// stamp); Chromium reads it back in requestVideoFrameCallback and subtracts it from the time the
// frame is handed to the compositor. Same machine, same clock. Prints figures, asserts nothing.
//
//   npm run bench:video [-- --streams 1,4,8 --seconds 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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

/** `env`: extra settings, e.g. LOCAL_AGENT=1 for the floor on a machine agent process. */
export function startServer(env: Record<string, string> = {}): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-bench-'));
  // Started as root, the server drops to nobody by itself (RUN_AS_UID) before the floor starts:
  // the sender is measured unprivileged, as a deployment runs it.
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=DIR"
  // (a directory nobody may write) to see where the sender's time goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ICE_ALLOWED_ADDRESSES: '127.0.0.1',
      VIDEO_FRAME_STAMP: '1',
      // One player holds every seat of a multi-stream run (the product's limit is one).
      MAX_SEATS_PER_PLAYER: '16',
      ...env,
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

/**
 * Opens one stream: node does the signalling, the page holds the receiving peer connection
 * (`key` names it in the page: the machine's id unless given). A seat of the machine, or with
 * `watch` a spectator's view of it (bench-sfu.ts).
 */
export async function openStream(
  page: Page,
  token: string,
  machineID: number,
  opts: { key?: number; watch?: boolean } = {},
): Promise<Socket> {
  const key = opts.key ?? machineID;
  const socket = io(`${base}/machine`, { transports: ['websocket'], reconnection: false });
  socket.on('signal', async (m) => {
    if (m.type === 'offer') {
      const answer = await page.evaluate(
        ([id, sdp]) => (window as unknown as BenchWindow).bench.offer(id, sdp),
        [key, m.sdp] as const,
      );
      socket.emit('signal', { type: 'answer', sdp: answer });
    } else if (m.candidate) {
      await page.evaluate(([id, c]) => (window as unknown as BenchWindow).bench.candidate(id, c), [
        key,
        m.candidate,
      ] as const);
    }
  });
  const ack = await socket
    .timeout(10_000)
    .emitWithAck(opts.watch ? 'watch' : 'init', { machineID, token });
  if (ack.code !== 20000) throw new Error(`init ${machineID}: ${JSON.stringify(ack)}`);
  if (opts.watch) return socket;
  // Keep the reels moving: a still screen would flatter the encoder (--still measures that).
  await socket.timeout(5000).emitWithAck('transfer', { amount: 5_000 });
  if (!still) await socket.timeout(5000).emitWithAck('press', { button: 'auto' });
  return socket;
}

export interface BenchWindow {
  bench: {
    offer(id: number, sdp: string): Promise<string>;
    candidate(id: number, c: RTCIceCandidateInit): Promise<void>;
    start(): Promise<void>;
    results(): Array<{ id: number; latencies: number[]; frames: number; seconds: number }>;
    quality(): Promise<{
      kbps: number;
      qp: number;
      decoded: number;
      receivedFps: number[];
      decodedFps: number[];
    }>;
  };
}

/** Runs in the page: receiving peer connections and the frame-stamp reader. */
export function installBench([stamp, lowLatency, videoWidth]: [
  typeof FRAME_STAMP,
  boolean,
  number,
]): void {
  const pcs = new Map<number, RTCPeerConnection>();
  const stats = new Map<number, { latencies: number[]; frames: number; seconds: number }>();
  let measuring = false;
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;

  let atStart = new Map<number, Counts>();
  let t0 = 0;
  type Counts = { bits: number; qp: number; decoded: number; received: number };
  /** inbound video counters of each stream, by machine id */
  const counters = async () => {
    const out = new Map<number, Counts>();
    for (const [id, pc] of pcs) {
      const c = { bits: 0, qp: 0, decoded: 0, received: 0 };
      (await pc.getStats()).forEach((r) => {
        if (r.type !== 'inbound-rtp' || r.kind !== 'video') return;
        c.bits += r.bytesReceived * 8;
        c.qp += r.qpSum ?? 0;
        c.decoded += r.framesDecoded ?? 0;
        c.received += r.framesReceived ?? 0;
      });
      out.set(id, c);
    }
    return out;
  };

  const read = (video: HTMLVideoElement): { time: number; frame: number } | null => {
    // Only the stamp's rows are converted and read back: a player's browser reads no pixels at
    // all, so the reader must not take from the one CPU the decoders need.
    ctx.drawImage(video, 0, stamp.y, 640, stamp.height, 0, stamp.y, 640, stamp.height);
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
      video.width = videoWidth;
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
      const s = { latencies: [] as number[], frames: 0, seconds: 0 };
      stats.set(id, s);
      // Every frame of the first stream is read back (its stamp costs the page a conversion of
      // the strip); the others are sampled ten times a second, which is plenty of latency samples
      // and spares the page a callback per frame. Frames are counted from the presented-frames
      // counter between the first and the last sample, so sampling loses none.
      const everyFrame = pcs.size === 1;
      let first: { frames: number; at: number } | null = null;
      let pending = false;
      const onFrame = (now: number, meta: VideoFrameCallbackMetadata) => {
        pending = false;
        if (measuring && video.videoWidth > 0) {
          first ??= { frames: meta.presentedFrames, at: now };
          s.frames = meta.presentedFrames - first.frames;
          s.seconds = (now - first.at) / 1000;
          const got = read(video);
          const time = Date.now() & 0xffffff;
          if (got) {
            const latency = (time - got.time + 0x1000000) % 0x1000000;
            if (latency < 5000) s.latencies.push(latency);
          }
        }
        if (everyFrame) request();
      };
      const request = () => {
        if (pending) return;
        pending = true;
        video.requestVideoFrameCallback(onFrame);
      };
      request();
      if (!everyFrame) setInterval(request, 100);
      await pc.setRemoteDescription({ type: 'offer', sdp });
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      return pc.localDescription!.sdp;
    },
    async candidate(id, c) {
      await pcs.get(id)?.addIceCandidate(c);
    },
    async start() {
      atStart = await counters();
      t0 = performance.now();
      measuring = true;
    },
    /** Mean bitrate of a stream, and the mean VP8 quantiser of decoded frames (lower is sharper). */
    async quality() {
      const now = await counters();
      const seconds = (performance.now() - t0) / 1000;
      const streams = [...now].map(([id, c]) => {
        const c0 = atStart.get(id) ?? { bits: 0, qp: 0, decoded: 0, received: 0 };
        return {
          kbps: (c.bits - c0.bits) / 1000 / seconds,
          qpSum: c.qp - c0.qp,
          decoded: c.decoded - c0.decoded,
          // Frames missing here were not sent (or were lost); between here and decoded, not
          // decoded in time; between decoded and presented, dropped by the compositor.
          receivedFps: (c.received - c0.received) / seconds,
          decodedFps: (c.decoded - c0.decoded) / seconds,
        };
      });
      const sum = (f: (s: (typeof streams)[number]) => number) =>
        streams.reduce((a, s) => a + f(s), 0);
      return {
        kbps: sum((s) => s.kbps) / Math.max(1, streams.length),
        qp:
          sum((s) => s.qpSum) /
          Math.max(
            1,
            sum((s) => s.decoded),
          ),
        decoded: sum((s) => s.decoded),
        receivedFps: streams.map((s) => s.receivedFps),
        decodedFps: streams.map((s) => s.decodedFps),
      };
    },
    results() {
      return [...stats].map(([id, s]) => ({ id, ...s }));
    },
  };
}

/**
 * CPU seconds used so far by each process tree under this one: the server's (the sender) and the
 * rest (Chromium, the receiver). Divided by the frames delivered, it is a cost per frame that a
 * busy machine changes far less than it changes frame rates.
 */
export function cpuSeconds(serverPid: number): { sender: number; receiver: number } {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {}
  }
  const under = (pid: number, root: number): boolean => {
    for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  let sender = 0;
  let receiver = 0;
  for (const [pid, p] of procs) {
    if (under(pid, serverPid)) sender += p.ticks;
    else if (pid !== process.pid && under(pid, process.pid)) receiver += p.ticks;
  }
  return { sender: sender / 100, receiver: receiver / 100 };
}

/** CPU seconds so far of the server's threads, by kind: its JS thread, the encoders, the rest. */
function senderThreads(serverPid: number): { js: number; encoders: number; other: number } {
  const out = { js: 0, encoders: 0, other: 0 };
  try {
    for (const t of readdirSync(`/proc/${serverPid}/task`)) {
      const stat = readFileSync(`/proc/${serverPid}/task/${t}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const secs = (Number(f[11]) + Number(f[12])) / 100;
      if (Number(t) === serverPid) out.js += secs;
      else if (name.startsWith('EncoderQueue')) out.encoders += secs;
      else out.other += secs;
    }
  } catch {}
  return out;
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
    // fps of each stream, min / mean: decoded is what the sender delivered and the browser
    // decoded; presented is what reached the compositor (rVFC), where a page with several videos
    // on a busy box also drops frames that arrive within one display refresh of each other.
    console.log(
      'streams  p50 ms  p95 ms  decoded fps    presented fps  CPU ms a frame (sender / receiver)',
    );
    for (const n of streamCounts) {
      if (n > machines.length) {
        console.log(`${n}: only ${machines.length} machines on the floor, skipped`);
        continue;
      }
      const page = await browser.newPage();
      await page.goto(`${base}/healthz`);
      // tsx keeps function names with a __name helper the page does not have.
      await page.evaluate('window.__name = (f) => f');
      // Eight receivers on the sender's own two cores are the rig, not the product (each player
      // decodes one stream on a device of their own): several streams are shown as thumbnails,
      // so that scaling eight full-size pictures in Chromium's software compositor does not take
      // the CPU the sender is being measured on. Every frame is still decoded and presented.
      const videoWidth = n === 1 ? 320 : 96;
      await page.evaluate(installBench, [
        FRAME_STAMP,
        process.env.BENCH_DEFAULT_PLAYOUT !== '1',
        videoWidth,
      ] as [typeof FRAME_STAMP, boolean, number]);
      const sockets: Socket[] = [];
      for (const m of machines.slice(0, n)) sockets.push(await openStream(page, token, m.id));
      await page.waitForTimeout(3000); // connect and let congestion control settle
      await page.evaluate(() => (window as unknown as BenchWindow).bench.start());
      const cpu0 = cpuSeconds(server.pid!);
      const th0 = senderThreads(server.pid!);
      await page.waitForTimeout(seconds * 1000);
      const cpu1 = cpuSeconds(server.pid!);
      const th1 = senderThreads(server.pid!);
      const results = await page.evaluate(() => (window as unknown as BenchWindow).bench.results());
      const q = await page.evaluate(() => (window as unknown as BenchWindow).bench.quality());
      const perFrame = (s: number) => ((s * 1000) / Math.max(1, q.decoded)).toFixed(2);
      const all = results.flatMap((r) => r.latencies);
      const minMean = (xs: number[]) =>
        `${Math.min(...xs).toFixed(1)} / ${(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1)}`;
      const presented = results.map((r) => r.frames / Math.max(0.001, r.seconds));
      console.log(
        `${String(n).padStart(7)}  ${pct(all, 50).toFixed(0).padStart(6)}  ${pct(all, 95).toFixed(0).padStart(6)}  ${minMean(q.decodedFps).padEnd(13)}  ${minMean(presented).padEnd(13)}  ${perFrame(cpu1.sender - cpu0.sender)} / ${perFrame(cpu1.receiver - cpu0.receiver)}`,
      );
      console.log(
        `         sender CPU ms a frame: JS thread ${perFrame(th1.js - th0.js)}, encoders ${perFrame(th1.encoders - th0.encoders)}, other threads ${perFrame(th1.other - th0.other)}; ${q.kbps.toFixed(0)} kbps and ${minMean(q.receivedFps)} fps received a stream, mean QP ${q.qp.toFixed(1)}`,
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
