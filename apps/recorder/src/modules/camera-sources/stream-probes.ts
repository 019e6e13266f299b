// What each camera stream sends (video codec, size, B-frames, audio codec), asked once per source with ffprobe and
// remembered, and the recording plan that follows from it (media/ffmpeg/recording-plan.ts): the recording and the
// camera stream's own pull both convert what MP4, MPEG-TS or a browser cannot take. A source that changes (URL,
// credentials, transport) is asked again; a camera that cannot be asked (it is away) is asked again at the next
// start, and meanwhile gets the plan that works for anything.
import type { FastifyBaseLogger } from 'fastify';
import type { StreamInput } from '../../media/ffmpeg/args.js';
import { probeStream, type StreamProbe } from '../../media/ffmpeg/probe.js';
import { fanOutCodec, recordingPlan, type RecordingPlan } from '../../media/ffmpeg/recording-plan.js';
import type { StreamRole } from '../../media/ingest/stream-hub.js';

interface Known {
  source: string;
  probe: StreamProbe;
}

export class StreamProbes {
  readonly #known = new Map<string, Known>();
  readonly #asking = new Map<string, Promise<StreamProbe | null>>();

  constructor(
    private readonly ffprobePath: string,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The plan for a camera stream read with `input`: probed first when this source has not been asked yet. */
  async plan(cameraId: number, role: StreamRole, input: StreamInput): Promise<RecordingPlan> {
    return recordingPlan(await this.probe(cameraId, role, input));
  }

  /** What the stream sends, as last probed from this source (null: it could not be asked). */
  async probe(cameraId: number, role: StreamRole, input: StreamInput): Promise<StreamProbe | null> {
    const key = `${cameraId}/${role}`;
    const source = sourceOf(input);
    const known = this.#known.get(key);
    if (known?.source === source) return known.probe;
    let asking = this.#asking.get(key);
    if (!asking) {
      asking = this.#ask(cameraId, role, input, key, source).finally(() => this.#asking.delete(key));
      this.#asking.set(key, asking);
    }
    return asking;
  }

  /** The video codec the stream's fan-out carries (H.264 for a converted camera), probed first if not known. */
  async fanOutCodec(cameraId: number, role: StreamRole, input: StreamInput): Promise<string | null> {
    return fanOutCodec(await this.probe(cameraId, role, input));
  }

  /**
   * The video codec the stream's fan-out carries (H.264 for a converted camera) as last probed, without asking:
   * null when not known (a probe opens an RTSP session of its own, and a camera stream has one).
   */
  knownFanOutCodec(cameraId: number, role: StreamRole, input: StreamInput): string | null {
    return fanOutCodec(this.known(cameraId, role, input));
  }

  /** What is known of the stream without asking (null: not probed from this source, or it could not be). */
  known(cameraId: number, role: StreamRole, input: StreamInput): StreamProbe | null {
    const known = this.#known.get(`${cameraId}/${role}`);
    return known?.source === sourceOf(input) ? known.probe : null;
  }

  /** Asks again even if the source is known (a run failed: the camera may send something else now). */
  refresh(cameraId: number, role: StreamRole, input: StreamInput): Promise<StreamProbe | null> {
    this.#known.delete(`${cameraId}/${role}`);
    return this.probe(cameraId, role, input);
  }

  async #ask(
    cameraId: number,
    role: StreamRole,
    input: StreamInput,
    key: string,
    source: string,
  ): Promise<StreamProbe | null> {
    try {
      const probe = await probeStream(this.ffprobePath, input, this.timeoutMs);
      this.#known.set(key, { source, probe });
      this.log.info({ cameraId, role, ...probe }, 'camera stream probed');
      return probe;
    } catch (error) {
      this.log.info(
        { cameraId, role, reason: error instanceof Error ? error.message : String(error) },
        'camera stream could not be probed: it is recorded with the plan that suits any stream',
      );
      return null;
    }
  }
}

/** What identifies a source: the same URL and credentials send the same streams (over TCP or UDP alike). */
function sourceOf(input: StreamInput): string {
  return JSON.stringify([input.url, input.username, input.password, input.extraOptions]);
}
