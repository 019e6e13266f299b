import { api } from '../api/client';
import type { LivePlayback } from './livePlayback';
import { recorderClock } from './pictureTime';

/** How long to wait for the browser's ICE candidates before sending the offer (no trickle in WHEP here). */
const GATHERING_MS = 2_000;

function gathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (connection.iceGatheringState !== 'complete') return;
      connection.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    connection.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, GATHERING_MS);
  });
}

/**
 * Plays a camera over WebRTC (WHEP, RFC 9725): a receive-only offer to `url`, the recorder's answer, and the
 * camera's H.264 (and its sound) straight into `video` — a fraction of HLS's latency. Throws when the recorder will not answer;
 * calls `onFail` once when an established connection breaks. Returns the function that ends the session.
 */
export async function playWhep(
  cameraId: number,
  url: string,
  video: HTMLVideoElement,
  onFail: () => void,
): Promise<LivePlayback> {
  const connection = new RTCPeerConnection();
  let session: string | null = null;
  const stop = () => {
    connection.close();
    video.srcObject = null;
    // The recorder frees the camera's WebRTC output when its last viewer leaves.
    if (session)
      void api.DELETE('/api/v1/cameras/{id}/live/whep/{session}', {
        params: { path: { id: cameraId, session } },
      });
  };
  try {
    connection.addTransceiver('video', { direction: 'recvonly' });
    // The camera's sound, as Opus, when it has any (the tile's speaker button unmutes it).
    connection.addTransceiver('audio', { direction: 'recvonly' });
    connection.addEventListener('track', (event) => {
      // The recorder sends picture and sound as one stream; each track arrives with it.
      const stream = event.streams[0];
      if (stream && video.srcObject === stream) return;
      if (stream) video.srcObject = stream;
      else if (video.srcObject instanceof MediaStream) video.srcObject.addTrack(event.track);
      else video.srcObject = new MediaStream([event.track]);
    });
    await connection.setLocalDescription(await connection.createOffer());
    await gathered(connection);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: connection.localDescription!.sdp,
    });
    if (response.status !== 201) throw new Error(`WHEP answered ${response.status}`);
    session = response.headers.get('location')?.split('/').pop() ?? null;
    await connection.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  } catch (error) {
    stop();
    throw error;
  }
  connection.addEventListener('connectionstatechange', () => {
    if (connection.connectionState === 'failed' || connection.connectionState === 'closed') onFail();
  });
  // The picture left the recorder about when its last packet arrived here (pictureTime.ts says why and how well);
  // without the frame's receive time, the moment it is shown (a jitter buffer later).
  return {
    stop,
    pictureTime: (frame) =>
      recorderClock.toRecorder(
        frame?.receiveTime !== undefined ? performance.timeOrigin + frame.receiveTime : Date.now(),
      ),
    hasAudio: () =>
      (video.srcObject as MediaStream | null)?.getAudioTracks().length !== 0 && !!video.srcObject,
  };
}
