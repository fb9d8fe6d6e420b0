// A peer connection that is never closed under one of its own operations. @roamhq/wrtc can die
// natively (SIGSEGV, taking the whole process and every player with it) when close() runs while
// createOffer, setLocalDescription, setRemoteDescription, addIceCandidate or getStats is still
// pending: the native completion then touches a torn-down connection (node-webrtc's tracker has a
// family of such crashes). So every operation goes through run(), and close() only marks the
// connection closed; the real close, and the release of what it sent, wait until none is pending.

export class GuardedPeer {
  private pending = 0;
  private closing = false;
  private closed = false;

  constructor(
    readonly pc: RTCPeerConnection,
    /** runs once, after the real close (gives the track back) */
    private readonly onClosed: () => void = () => {},
  ) {}

  /** Marked closed: no further operation starts, no event is handled. */
  get isClosing(): boolean {
    return this.closing;
  }

  /** Runs one native operation; refused once the connection is marked closed. */
  async run<T>(op: (pc: RTCPeerConnection) => Promise<T>): Promise<T> {
    if (this.closing) throw new Error('peer connection closed');
    this.pending++;
    try {
      return await op(this.pc);
    } finally {
      this.pending--;
      this.closeWhenSettled();
    }
  }

  /** Closes now if nothing is pending, else as soon as the last operation settles. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    // No event of a closing connection reaches the app (a late candidate, a state change).
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.closeWhenSettled();
  }

  private closeWhenSettled(): void {
    if (!this.closing || this.closed || this.pending > 0) return;
    this.closed = true;
    this.pc.close();
    this.onClosed();
  }
}
