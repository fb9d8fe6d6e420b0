import { describe, expect, it } from 'vitest';
import { withBitrateHints } from './sdp-bitrate';

const hints = { startKbps: 2500, maxKbps: 6000 };

describe('bitrate hints in the answer', () => {
  it('adds them to the VP8 format parameters and leaves other codecs alone', () => {
    const sdp = [
      'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98',
      'a=rtpmap:96 VP8/90000',
      'a=rtpmap:97 rtx/90000',
      'a=fmtp:97 apt=96',
      'a=rtpmap:98 VP9/90000',
      'a=fmtp:98 profile-id=0',
      '',
    ].join('\r\n');
    const out = withBitrateHints(sdp, hints).split('\r\n');
    expect(out).toContain('a=fmtp:96 x-google-start-bitrate=2500;x-google-max-bitrate=6000');
    expect(out.indexOf('a=fmtp:96 x-google-start-bitrate=2500;x-google-max-bitrate=6000')).toBe(
      out.indexOf('a=rtpmap:96 VP8/90000') + 1,
    );
    expect(out).toContain('a=fmtp:97 apt=96');
    expect(out).toContain('a=fmtp:98 profile-id=0');
  });

  it('extends an existing VP8 fmtp line', () => {
    const sdp = 'a=rtpmap:100 VP8/90000\na=fmtp:100 max-fr=30\n';
    expect(withBitrateHints(sdp, hints)).toBe(
      'a=rtpmap:100 VP8/90000\na=fmtp:100 max-fr=30;x-google-start-bitrate=2500;x-google-max-bitrate=6000\n',
    );
  });
});
