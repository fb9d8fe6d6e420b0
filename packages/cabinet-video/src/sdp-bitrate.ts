// Bitrate hints for the machine video, written into the browser's answer before libwebrtc reads
// it: libwebrtc takes x-google-{start,min,max}-bitrate (kbps) from the VP8 format parameters.
// Starting high matters on a LAN: frames of spinning reels are large, and while the estimate
// ramps up from its 300 kbps default the pacer holds each one back for tens of milliseconds.
export interface BitrateHints {
  startKbps: number;
  maxKbps: number;
}

export function withBitrateHints(sdp: string, hints: BitrateHints): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const vp8 = new Set<string>();
  for (const line of lines) {
    const m = /^a=rtpmap:(\d+) VP8\/90000/i.exec(line);
    if (m) vp8.add(m[1]!);
  }
  const params = `x-google-start-bitrate=${hints.startKbps};x-google-max-bitrate=${hints.maxKbps}`;
  const withFmtp = new Set<string>();
  const out = lines.map((line) => {
    const m = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (!m || !vp8.has(m[1]!)) return line;
    withFmtp.add(m[1]!);
    return `a=fmtp:${m[1]} ${m[2]};${params}`;
  });
  // A VP8 payload without format parameters gets a line of its own after its rtpmap.
  const result: string[] = [];
  for (const line of out) {
    result.push(line);
    const m = /^a=rtpmap:(\d+) VP8\/90000/i.exec(line);
    if (m && !withFmtp.has(m[1]!)) result.push(`a=fmtp:${m[1]} ${params}`);
  }
  return result.join(eol);
}
