import { describe, expect, it } from 'vitest';
import { candidateAllowed, filterSdp } from './ice-filter';

const allowed = ['127.0.0.1'];
const loopback = 'candidate:1510613869 1 udp 2122194687 127.0.0.1 58633 typ host generation 0';
const lan = 'candidate:3229573512 1 udp 2122194687 192.0.2.2 39824 typ host generation 0';
const mdns = 'candidate:1 1 udp 2122194687 3f1c2e7a-1111-4c3b-9d1e-8a2b.local 5000 typ host';

describe('ICE candidate filter', () => {
  it('keeps listed addresses and drops others and mDNS names', () => {
    expect(candidateAllowed(loopback, allowed)).toBe(true);
    expect(candidateAllowed(lan, allowed)).toBe(false);
    expect(candidateAllowed(mdns, ['3f1c2e7a-1111-4c3b-9d1e-8a2b.local'])).toBe(false);
    expect(candidateAllowed('garbage', allowed)).toBe(false);
  });

  it('removes disallowed candidate lines from an SDP and keeps the rest', () => {
    const sdp = ['v=0', `a=${loopback}`, `a=${lan}`, `a=${mdns}`, 'a=end-of-candidates', ''].join(
      '\r\n',
    );
    expect(filterSdp(sdp, allowed)).toBe(
      ['v=0', `a=${loopback}`, 'a=end-of-candidates', ''].join('\r\n'),
    );
  });
});
