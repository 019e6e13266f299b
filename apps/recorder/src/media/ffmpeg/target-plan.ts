// What a stream target's push does with the camera stream's video: the container of its protocol decides what it
// can carry. FLV (RTMP, RTMPS) carries H.264 only with the ffmpeg this recorder runs on (Debian 12's 5.1; H.265
// in "enhanced RTMP" needs ffmpeg 6.1 and a server that takes it), so an H.265 camera asked to be copied to an
// RTMP server is converted to H.264 instead of failing at every attempt. MPEG-TS (SRT) carries both as they are.

export type TargetProtocol = 'rtmp' | 'rtmps' | 'srt';
export type TargetVideoCodec = 'copy' | 'libx264' | 'libx265';

export interface TargetVideoPlan {
  codec: TargetVideoCodec;
  /** what the push converts and why, for the target's status (null: as asked) */
  conversion: string | null;
}

/** Whether the protocol's container carries video of this codec (ffmpeg's name). */
export function carriesVideo(protocol: TargetProtocol, codec: string): boolean {
  return protocol === 'srt' ? codec === 'h264' || codec === 'hevc' : codec === 'h264';
}

/** Whether the protocol can take what an encoder of the target makes (copy: decided by the camera). */
export function takesEncoder(protocol: TargetProtocol, codec: TargetVideoCodec): boolean {
  return codec !== 'libx265' || protocol === 'srt';
}

/**
 * The push's video for the camera stream's fan-out codec (null: not known; copied then, as nearly every camera
 * sends H.264).
 */
export function targetVideoPlan(
  protocol: TargetProtocol,
  asked: TargetVideoCodec,
  fanOutCodec: string | null,
): TargetVideoPlan {
  if (asked !== 'copy' || fanOutCodec === null || carriesVideo(protocol, fanOutCodec))
    return { codec: asked, conversion: null };
  const name = fanOutCodec === 'hevc' ? 'H.265' : fanOutCodec;
  return {
    codec: 'libx264',
    conversion:
      `The camera's ${name} video is converted to H.264 for this target: ${protocol.toUpperCase()} carries ` +
      'H.264 only (SRT carries H.265 as it is). Converting costs CPU, more for larger pictures.',
  };
}
