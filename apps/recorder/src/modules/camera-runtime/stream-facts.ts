// What a camera stream carries now, for the pipelines that adapt to it (live view, WebRTC sound, stream targets):
// its fan-out's PMT while it flows — the truth, which follows a camera changed mid-stream — else what the
// stream's probe found (asked once per source and shared by everyone who asks: media/ingest waits for the same
// probe before its own pull starts, so asking costs neither time nor a camera session).
import type { StreamHub, StreamRole } from '../../media/ingest/stream-hub.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { StreamProbes } from '../camera-sources/stream-probes.js';

export class StreamFacts {
  constructor(
    private readonly sources: Pick<SourceResolver, 'input'>,
    private readonly probes: Pick<StreamProbes, 'probe' | 'knownFanOutCodec' | 'fanOutCodec'>,
    private readonly streams: Pick<StreamHub, 'find'>,
  ) {}

  /**
   * The video codec the stream's fan-out carries (ffmpeg's name: H.264 for a camera converted to it). With
   * `ask: false` only what is known without probing (null: not known yet).
   */
  async videoCodec(cameraId: number, role: StreamRole, { ask }: { ask: boolean }): Promise<string | null> {
    const flowing = (await this.streams.find(cameraId, role))?.videoCodec;
    if (flowing) return flowing;
    const input = await this.sources.input(cameraId, role, 0).catch(() => null);
    if (!input) return null;
    return ask
      ? this.probes.fanOutCodec(cameraId, role, input)
      : this.probes.knownFanOutCodec(cameraId, role, input);
  }

  /**
   * Whether the stream carries sound (the fan-out's is AAC whatever the camera sends). Not known (the probe
   * failed): none — an Opus output without sound would stop the WebRTC ffmpeg.
   */
  async hasSound(cameraId: number, role: StreamRole): Promise<boolean> {
    const flowing = (await this.streams.find(cameraId, role))?.hasAudio;
    if (flowing !== null && flowing !== undefined) return flowing;
    const input = await this.sources.input(cameraId, role, 0).catch(() => null);
    return !!(input && (await this.probes.probe(cameraId, role, input))?.audio);
  }
}
