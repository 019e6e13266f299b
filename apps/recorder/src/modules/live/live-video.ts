// Which picture a live player gets (issue #33). The camera stream as its fan-out carries it, unless the player
// decodes only H.264 (`?video=h264`: every browser without HEVC, Debian's chromium among them) and the stream is
// something else — H.265, which most cameras sold since 2020 send. Then, in this order: the camera's substream
// when it is H.264 (the camera already encodes it: free), otherwise the stream transcoded to H.264, one ffmpeg
// shared by every such viewer of the camera and stopped with the session when nobody watches (live-hls.ts).
import type { StreamRole } from '../../media/ingest/stream-hub.js';

/** `copy`: the fan-out's video as it is; `h264`: transcoded to H.264 for players that decode nothing else. */
export type LiveVideo = 'copy' | 'h264';

export interface LiveChoice {
  role: StreamRole;
  video: LiveVideo;
}

export interface LiveCandidates {
  /** the stream asked for (already the main stream when the camera has no substream) */
  role: StreamRole;
  /** whether the player decodes only H.264 */
  h264Only: boolean;
  /** whether the camera has a substream */
  hasSubstream: boolean;
  /** the video codec a stream's fan-out carries (ffmpeg's name), null when not known (not flowing, not probed) */
  codecOf: (role: StreamRole) => Promise<string | null>;
}

export async function chooseLive(candidates: LiveCandidates): Promise<LiveChoice> {
  const { role, h264Only, hasSubstream, codecOf } = candidates;
  if (!h264Only) return { role, video: 'copy' };
  const codec = await codecOf(role);
  // Not known: nearly every camera sends H.264, and a transcode for nothing costs a core.
  if (codec === null || codec === 'h264') return { role, video: 'copy' };
  if (role === 'main' && hasSubstream) {
    // A substream not known yet is taken for H.264, as most cameras that send H.265 encode it (its PMT tells
    // otherwise once it flows, and the player's next try is transcoded).
    const sub = await codecOf('sub');
    if (sub === null || sub === 'h264') return { role: 'sub', video: 'copy' };
  }
  return { role, video: 'h264' };
}
