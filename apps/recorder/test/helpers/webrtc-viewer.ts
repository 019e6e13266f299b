// A WHEP viewer for tests: a werift peer connection that receives H.264 and says when a keyframe arrived.
import { RTCPeerConnection, useH264, type RtpPacket } from 'werift';

export interface Viewer {
  pc: RTCPeerConnection;
  /** resolves with the first RTP packet that carries an H.264 IDR picture (NAL type 5, alone or in FU-A/STAP-A) */
  keyframe: Promise<RtpPacket>;
  packets: () => number;
}

/** A receive-only offer with every ICE candidate (no trickle), and the viewer that will receive on it. */
export async function offer(): Promise<{ pc: RTCPeerConnection; sdp: string; viewer: Omit<Viewer, 'pc'> }> {
  const pc = new RTCPeerConnection({ codecs: { video: [useH264()] } });
  const transceiver = pc.addTransceiver('video', { direction: 'recvonly' });
  let count = 0;
  const keyframe = new Promise<RtpPacket>((resolve) => {
    transceiver.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        count += 1;
        if (carriesIdr(rtp.payload)) resolve(rtp);
      });
    });
  });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
  return { pc, sdp: pc.localDescription!.sdp, viewer: { keyframe, packets: () => count } };
}

function carriesIdr(payload: Buffer): boolean {
  const type = payload[0]! & 0x1f;
  if (type === 5) return true;
  if (type === 28) return (payload[1]! & 0x1f) === 5; // FU-A
  if (type === 24) {
    // STAP-A: [size16][nal]...
    for (let i = 1; i + 2 < payload.length;) {
      const size = payload.readUInt16BE(i);
      if ((payload[i + 2]! & 0x1f) === 5) return true;
      i += 2 + size;
    }
  }
  return false;
}
