import { describe, expect, it } from 'vitest';
import { GuardedPeer } from './guarded-peer';

/** Stands in for wrtc's RTCPeerConnection: records close() and holds one operation open. */
function fakePeer() {
  const calls: string[] = [];
  let settle = () => {};
  const pc = {
    onicecandidate: () => {},
    onconnectionstatechange: () => {},
    close: () => calls.push('close'),
    setRemoteDescription: () =>
      new Promise<void>((resolve) => {
        settle = resolve;
      }),
  };
  return { pc: pc as unknown as RTCPeerConnection, calls, settle: () => settle() };
}

describe('GuardedPeer', () => {
  it('closes at once when nothing is pending, and gives the track back after', () => {
    const { pc, calls } = fakePeer();
    const peer = new GuardedPeer(pc, () => calls.push('released'));
    peer.close();
    expect(calls).toEqual(['close', 'released']);
    peer.close();
    expect(calls).toEqual(['close', 'released']);
  });

  it('waits for a pending step before closing, and refuses steps after close', async () => {
    const fake = fakePeer();
    const peer = new GuardedPeer(fake.pc, () => fake.calls.push('released'));
    const step = peer.run((pc) => pc.setRemoteDescription({ type: 'answer', sdp: '' }));
    peer.close();
    expect(fake.calls).toEqual([]);
    expect(fake.pc.onicecandidate).toBeNull();
    await expect(
      peer.run((pc) => pc.setRemoteDescription({ type: 'answer', sdp: '' })),
    ).rejects.toThrow('closed');
    fake.settle();
    await step;
    expect(fake.calls).toEqual(['close', 'released']);
  });
});
