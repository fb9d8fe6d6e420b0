// npm run bench:video -- --sfu: machine video direct and through the media server (Janus), in
// one run: glass-to-glass p50 / p95 and delivered fps for 1 cabinet × 1 viewer, 8 cabinets × 1
// viewer and 1 cabinet × N viewers (--viewers, default 50: a few Chromium streams measure latency,
// the rest are headless receivers in this process counting frames), with the sender's CPU per
// cabinet and, through Janus, Janus's own. Prints figures and ratios, asserts nothing.
// Inside the loopback-only namespace of bench-video.sh, which also makes Janus's veth end.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { wrtc } from '@reelcast/cabinet-video/wrtc';
import { FRAME_STAMP } from '@reelcast/egm/frame-stamp';
import { type Browser, chromium } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import {
  type BenchWindow,
  base,
  cpuSeconds,
  installBench,
  login,
  openStream,
  pct,
  startServer,
  waitHealthy,
} from './bench-video';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const seconds = Number(arg('seconds', '10'));
const viewers = Number(arg('viewers', '50'));
/** Chromium streams of the many-viewer case (the rest are headless). */
const measured = Math.min(3, viewers);
const root = path.resolve(import.meta.dirname, '..');
const JANUS_PORT = 8488;

type Mode = 'direct' | 'sfu';
interface Figures {
  p50: number;
  p95: number;
  fps: { min: number; mean: number };
  senderCpu: number;
  janusCpu: number;
}

/** CPU seconds so far of one process (Janus is one, its threads included). */
function processCpu(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

function startJanus(secret: string): ChildProcess {
  return spawn('bash', ['scripts/janus.sh'], {
    cwd: root,
    env: { ...process.env, JANUS_API_SECRET: secret, JANUS_WS_PORT: String(JANUS_PORT) },
    stdio: 'ignore',
  });
}

/** A viewer in this process: a wrtc peer connection answering the offers, counting frames. */
function headless(socket: Socket): { frames(): Promise<number>; close(): void } {
  let pc: RTCPeerConnection | null = null;
  let chain = Promise.resolve();
  socket.on('signal', (m: { type: string; sdp?: string; candidate?: RTCIceCandidateInit }) => {
    chain = chain
      .then(async () => {
        if (m.type === 'offer') {
          pc?.close();
          const peer = new wrtc.RTCPeerConnection({ iceServers: [] });
          pc = peer;
          await peer.setRemoteDescription({ type: 'offer', sdp: m.sdp! });
          const answer = await peer.createAnswer();
          await peer.setLocalDescription(answer);
          socket.emit('signal', { type: 'answer', sdp: answer.sdp });
        } else if (m.candidate) await pc?.addIceCandidate(m.candidate);
      })
      .catch(() => {});
  });
  return {
    async frames() {
      let n = 0;
      if (!pc) return 0;
      (await pc.getStats()).forEach(
        (r: { type?: string; kind?: string; framesReceived?: number }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'video') n += r.framesReceived ?? 0;
        },
      );
      return n;
    },
    close: () => pc?.close(),
  };
}

/** One case: `cabinets` seated in one Chromium page, plus spectators of the first cabinet. */
async function measure(
  browser: Browser,
  server: ChildProcess,
  janus: ChildProcess | null,
  cabinets: number,
  spectators: number,
): Promise<Figures> {
  const token = await login('demo');
  const watcher = await login('demo2');
  const page = await browser.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(installBench, [FRAME_STAMP, true, cabinets + spectators > 1 ? 96 : 320] as [
    typeof FRAME_STAMP,
    boolean,
    number,
  ]);
  const sockets: Socket[] = [];
  for (let id = 1; id <= cabinets; id++) sockets.push(await openStream(page, token, id));
  const inPage = Math.min(spectators, measured - 1);
  for (let i = 0; i < inPage; i++) {
    sockets.push(await openStream(page, watcher, 1, { key: 1000 + i, watch: true }));
  }
  const receivers: ReturnType<typeof headless>[] = [];
  for (let i = inPage; i < spectators; i++) {
    const s = io(`${base}/machine`, { transports: ['websocket'], reconnection: false });
    sockets.push(s);
    receivers.push(headless(s));
    const ack = await s.timeout(10_000).emitWithAck('watch', { machineID: 1, token: watcher });
    if (ack.code !== 20000) throw new Error(`watch: ${JSON.stringify(ack)}`);
  }
  await page.waitForTimeout(4000); // connect and let congestion control settle
  await page.evaluate(() => (window as unknown as BenchWindow).bench.start());
  const f0 = await Promise.all(receivers.map((r) => r.frames()));
  const cpu0 = cpuSeconds(server.pid!).sender;
  const j0 = processCpu(janus?.pid);
  await page.waitForTimeout(seconds * 1000);
  const cpu1 = cpuSeconds(server.pid!).sender;
  const j1 = processCpu(janus?.pid);
  const f1 = await Promise.all(receivers.map((r) => r.frames()));
  const results = await page.evaluate(() => (window as unknown as BenchWindow).bench.results());
  const q = await page.evaluate(() => (window as unknown as BenchWindow).bench.quality());
  const fps = [...q.decodedFps, ...f1.map((f, i) => (f - f0[i]!) / seconds)];
  const latencies = results.flatMap((r) => r.latencies);
  for (const s of sockets) s.disconnect();
  for (const r of receivers) r.close();
  await page.close();
  await new Promise((r) => setTimeout(r, 2000));
  return {
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    fps: { min: Math.min(...fps), mean: fps.reduce((a, b) => a + b, 0) / fps.length },
    // % of one core, a cabinet
    senderCpu: ((cpu1 - cpu0) / seconds / cabinets) * 100,
    janusCpu: ((j1 - j0) / seconds) * 100,
  };
}

async function runMode(mode: Mode, browser: Browser) {
  const secret = randomBytes(18).toString('hex');
  const janus = mode === 'sfu' ? startJanus(secret) : null;
  const server = startServer({
    SPECTATORS_PER_MACHINE: String(viewers + 10),
    LOCAL_AGENT: '0',
    ...(mode === 'sfu'
      ? {
          JANUS_URL: `ws://127.0.0.1:${JANUS_PORT}`,
          JANUS_API_SECRET: secret,
          ICE_ALLOWED_ADDRESSES: '127.0.0.1,127.0.0.2',
        }
      : {}),
  });
  try {
    await waitHealthy();
    return {
      one: await measure(browser, server, janus, 1, 0),
      eight: await measure(browser, server, janus, 8, 0),
      many: await measure(browser, server, janus, 1, viewers - 1),
    };
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    janus?.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const direct = await runMode('direct', browser);
  const sfu = await runMode('sfu', browser);
  await browser.close();
  const row = (name: string, d: Figures, s: Figures) =>
    `${name.padEnd(22)} ${`${d.p50.toFixed(0)} / ${d.p95.toFixed(0)}`.padStart(9)} ${`${s.p50.toFixed(0)} / ${s.p95.toFixed(0)}`.padStart(9)}   ${`${d.fps.min.toFixed(1)} / ${d.fps.mean.toFixed(1)}`.padStart(11)} ${`${s.fps.min.toFixed(1)} / ${s.fps.mean.toFixed(1)}`.padStart(11)}   ${d.senderCpu.toFixed(0).padStart(4)} % ${s.senderCpu.toFixed(0).padStart(4)} % ${s.janusCpu.toFixed(0).padStart(5)} %`;
  console.log(`video benchmark, direct and through Janus: 640x480, ${seconds} s a case`);
  console.log(
    'case                   p50/p95 ms direct  sfu   fps min/mean direct  sfu   sender CPU a cabinet direct sfu, Janus',
  );
  console.log(row('1 cabinet x 1 viewer', direct.one, sfu.one));
  console.log(row('8 cabinets x 1 viewer', direct.eight, sfu.eight));
  console.log(row(`1 cabinet x ${viewers} viewers`, direct.many, sfu.many));
  // One more direct viewer is one more encode at full rate: the sender's CPU a stream while it
  // is not saturated (8 cabinets x 1 viewer); at 50 viewers the direct sender is out of CPU, so
  // its growth there understates it. Through Janus, what Janus spends on each viewer added.
  const directStream = direct.eight.senderCpu;
  const extraSfu = (sfu.many.janusCpu - sfu.one.janusCpu) / (viewers - 1);
  console.log(
    `through Janus, p50 above direct (1 x 1): ${(sfu.one.p50 - direct.one.p50).toFixed(0)} ms`,
  );
  console.log(
    `sender CPU a cabinet through Janus, ${viewers} viewers / 1 viewer: ${(sfu.many.senderCpu / Math.max(0.1, sfu.one.senderCpu)).toFixed(2)}x`,
  );
  console.log(
    `one more viewer: direct ${directStream.toFixed(2)} % of a core (an encode), through Janus ${extraSfu.toFixed(2)} % (Janus's): ratio ${(extraSfu / Math.max(0.01, directStream)).toFixed(3)}`,
  );
  // libwebrtc's teardown of many receivers at exit can crash (node-webrtc): the figures are out.
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
