// What a camera stream sends, as ffprobe tells it (probe.ts) and the recording plan reads it (recording-plan.ts).
export interface StreamProbe {
  /** the first video stream's codec (ffmpeg's name: h264, hevc, mjpeg …) */
  codec: string;
  width: number | null;
  height: number | null;
  /** pictures arrive out of presentation order (B-frames) */
  bFrames: boolean;
  /** the first audio stream, or null when the camera sends none */
  audio: { codec: string; sampleRate: number | null; channels: number | null } | null;
}
