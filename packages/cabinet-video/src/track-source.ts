/**
 * A cabinet's screen as tracks: a viewer's peer connection holds one while it sends, and gives
 * it back when it closes. The screen renders while any track is held.
 */
export interface TrackSource {
  readonly machineId: number;
  acquireVideo(): MediaStreamTrack;
  releaseVideo(track: MediaStreamTrack): void;
}
