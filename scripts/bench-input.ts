// Tap-to-photon of the game screen: a tap on the machine's SPIN button in the live video of the
// real player app, to the first displayed video frame in which the machine has reacted (the
// button pressed in, the credits and reels changing). Measured in Chromium: the tap is the
// pointerdown event's own time, the photon the frame's expected display time
// (requestVideoFrameCallback). The frame stamp (packages/egm) adds where the time went: the
// server captured the reacting frame `capture` ms after the tap; the rest is encode, network,
// decode and display. Same machine, same clock. Prints figures, asserts nothing.
//
//   npm run bench:input [-- --taps 30] [-- --floor server|agent|both]
// The server, the sender unprivileged and the loopback-only namespace are bench:video's. The
// floor simulated in the server's process, or hosted by a machine agent process (LOCAL_AGENT:
// the input crosses the agent protocol, the video comes from the agent); both by default, one
// after the other, for the before and after of the split (issue #17).
import { FRAME_STAMP } from '@reelcast/egm/frame-stamp';
import { buttonLayout } from '@reelcast/egm/layout';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { base, login, pct, startServer, waitHealthy } from './bench-video';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const taps = Number(arg('taps', '25'));
const floors = arg('floor', 'both') === 'both' ? ['server', 'agent'] : [arg('floor', 'server')];

type Sample = { photonMs: number; captureMs: number | null };

interface InputBench {
  arm(): void;
  result(): Sample | null;
}

/** Runs in the app page: watches every displayed frame of the machine video for a reaction. */
function installInputBench(stamp: typeof FRAME_STAMP): void {
  const video = document.querySelector<HTMLVideoElement>('[data-testid=machine-video]')!;
  const W = 160;
  const H = 120;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const stampTop = Math.floor((stamp.y / 480) * H) - 1;
  const full = document.createElement('canvas');
  full.width = 640;
  full.height = 480;
  const fullCtx = full.getContext('2d', { willReadFrequently: true })!;

  const luma = (): Uint8Array => {
    ctx.drawImage(video, 0, 0, W, H);
    const d = ctx.getImageData(0, 0, W, stampTop).data;
    const out = new Uint8Array(W * stampTop);
    for (let i = 0; i < out.length; i++) {
      out[i] = (0.299 * d[i * 4]! + 0.587 * d[i * 4 + 1]! + 0.114 * d[i * 4 + 2]!) | 0;
    }
    return out;
  };
  // A handful of pixels changing a lot is the machine reacting; codec noise changes many a little.
  const reacted = (a: Uint8Array, b: Uint8Array) => {
    let n = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40 && ++n >= 4) return true;
    return false;
  };
  const captureTime = (): number => {
    fullCtx.drawImage(video, 0, 0, 640, 480);
    const strip = fullCtx.getImageData(0, stamp.y, 640, stamp.height).data;
    let bits = 0;
    for (let i = 0; i < stamp.blocks; i++) {
      const o =
        (Math.floor(stamp.height / 2) * 640 + i * stamp.blockWidth + stamp.blockWidth / 2) * 4;
      if (0.299 * strip[o]! + 0.587 * strip[o + 1]! + 0.114 * strip[o + 2]! >= 128) bits |= 1 << i;
    }
    return (bits >>> 0) & 0xffffff;
  };

  let reference: Uint8Array | null = null;
  let tapAt: number | null = null;
  let tapEpoch = 0;
  let result: Sample | null = null;
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (!reference || tapAt !== null) return;
      tapAt = e.timeStamp;
      tapEpoch = performance.timeOrigin + e.timeStamp;
    },
    { capture: true },
  );
  const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
    if (reference && tapAt !== null && result === null) {
      if (reacted(luma(), reference)) {
        const captured = captureTime();
        const sinceTap = (captured - (Math.floor(tapEpoch) & 0xffffff) + 0x1000000) % 0x1000000;
        result = {
          photonMs: meta.expectedDisplayTime - tapAt,
          captureMs: sinceTap < 5000 ? sinceTap : null,
        };
        reference = null;
      }
    }
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);

  (window as unknown as { inputBench: InputBench }).inputBench = {
    arm() {
      reference = luma();
      tapAt = null;
      result = null;
    },
    result: () => result,
  };
}

/** Client coordinates of the SPIN button on the machine's own screen in the video. */
async function spinPoint(page: Page): Promise<{ x: number; y: number }> {
  const spin = buttonLayout.spin;
  const box = await page.getByTestId('machine-video').evaluate((v: HTMLVideoElement) => {
    const r = v.getBoundingClientRect();
    const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
    const w = v.videoWidth * scale;
    const h = v.videoHeight * scale;
    return { left: r.left + (r.width - w) / 2, top: r.top + (r.height - h) / 2, w, h };
  });
  return {
    x: box.left + (spin.x + spin.w / 2) * box.w,
    y: box.top + (spin.y + spin.h / 2) * box.h,
  };
}

/** Until the floor's first machine is available (an agent's cabinets once it has said hello). */
async function waitForMachine(token: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const machines: Array<{ status?: string }> = await (
      await fetch(`${base}/machine/all`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    if (machines[0]?.status === 'available') return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the machine did not become available');
}

async function run(floor: string): Promise<void> {
  const server = startServer(floor === 'agent' ? { LOCAL_AGENT: '1' } : { LOCAL_AGENT: '0' });
  try {
    await waitHealthy();
    const token = await login('demo');
    await waitForMachine(token);
    const machines: Array<{ id: number; name: string }> = await (
      await fetch(`${base}/machine/all`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const machine = machines[0]!;
    const browser = await chromium.launch({
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => {
      localStorage.setItem('jwt_access_token', t);
      localStorage.setItem('language', 'en');
    }, token);
    const page = await context.newPage();
    await page.goto(`${base}/game/${machine.id}/${encodeURIComponent(machine.name)}`);
    const video = page.getByTestId('machine-video');
    await video.waitFor().catch(async (e) => {
      // What the page showed instead (a refusal, the lobby): kept for whoever runs it.
      await page.screenshot({ path: '.tmp/bench-input-failure.png' });
      console.error(`no machine video on ${page.url()}; see .tmp/bench-input-failure.png`);
      throw e;
    });
    for (let i = 0; i < 80; i++) {
      if (await video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0)) break;
      await page.waitForTimeout(250);
    }
    // Credits to play with: the smallest hot coin.
    await page.getByTestId('hot-coin').first().click();
    await page.waitForTimeout(1500);
    await page.evaluate('window.__name = (f) => f');
    await page.evaluate(installInputBench, FRAME_STAMP);
    const point = await spinPoint(page);

    const samples: Sample[] = [];
    for (let i = 0; i < taps; i++) {
      // The reels of the last game stop and the screen settles before the next tap.
      await page.waitForTimeout(2200);
      await page.evaluate(() => (window as unknown as { inputBench: InputBench }).inputBench.arm());
      await page.mouse.click(point.x, point.y);
      let sample: Sample | null = null;
      for (let waited = 0; waited < 3000 && !sample; waited += 20) {
        await page.waitForTimeout(20);
        sample = await page.evaluate(() =>
          (window as unknown as { inputBench: InputBench }).inputBench.result(),
        );
      }
      if (sample) samples.push(sample);
    }
    const photon = samples.map((s) => s.photonMs);
    const capture = samples.flatMap((s) => (s.captureMs === null ? [] : [s.captureMs]));
    const where =
      floor === 'agent' ? 'floor on a machine agent process' : "floor in the server's process";
    console.log(
      `input benchmark (${where}): ${samples.length}/${taps} taps on SPIN, 640x480 video, loopback`,
    );
    console.log('                      p50 ms  p95 ms');
    console.log(
      `tap -> photon        ${pct(photon, 50).toFixed(0).padStart(6)}  ${pct(photon, 95).toFixed(0).padStart(6)}`,
    );
    console.log(
      `tap -> frame capture ${pct(capture, 50).toFixed(0).padStart(6)}  ${pct(capture, 95).toFixed(0).padStart(6)}`,
    );
    await page.getByTestId('leave').click();
    await page.waitForURL(/\/lobby/);
    await browser.close();
  } finally {
    // Gone (its agent too) before the next floor's server takes the port.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  for (const floor of floors) await run(floor);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
