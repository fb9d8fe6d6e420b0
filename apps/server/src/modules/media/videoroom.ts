// The VideoRoom requests this server makes (Janus 1.x: https://janus.conf.meetecho.com/docs/videoroom).
import type { JanusHandle } from './janus-client';

export const VIDEOROOM = 'janus.plugin.videoroom';

type Jsep = { type: 'offer' | 'answer'; sdp: string };

/** A room only this server may manage (its secret) and that no listing shows (private). */
export async function createRoom(handle: JanusHandle, room: number, secret: string): Promise<void> {
  await handle.message({
    request: 'create',
    room,
    publishers: 8,
    videocodec: 'vp8',
    admin_key: secret,
    secret,
    is_private: true,
    permanent: false,
  });
}

/** Joins as a publisher with the sender's offer; answers the feed id and the media server's answer. */
export async function publish(
  handle: JanusHandle,
  p: { room: number; bitrateBps: number; display: string; offer: Jsep },
): Promise<{ feed: number; answer: Jsep }> {
  const { data, jsep } = await handle.message(
    {
      request: 'joinandconfigure',
      ptype: 'publisher',
      room: p.room,
      display: p.display,
      bitrate: p.bitrateBps,
      audio: false,
      video: true,
    },
    p.offer,
  );
  if (!jsep || typeof data.id !== 'number') throw new Error('no answer from the media server');
  return { feed: data.id, answer: jsep };
}

/** Joins as a subscriber of one feed; answers the media server's offer. */
export async function subscribe(
  handle: JanusHandle,
  p: { room: number; feed: number },
): Promise<Jsep> {
  const { jsep } = await handle.message({
    request: 'join',
    ptype: 'subscriber',
    room: p.room,
    streams: [{ feed: p.feed }],
  });
  if (!jsep) throw new Error('no offer from the media server');
  return jsep;
}

/** The subscriber's answer: media starts flowing. */
export async function startSubscription(handle: JanusHandle, answer: Jsep): Promise<void> {
  await handle.message({ request: 'start' }, answer);
}
