// What a viewer asks of a camera right now: a snapshot, and the ticket that lets header-less players open its
// media URLs (API.md §7, §10).
import { snapshotArgs } from '../../media/ffmpeg/args.js';
import { FedProcess } from '../../media/ingest/fed-process.js';
import type { StreamHub, StreamRole } from '../../media/ingest/stream-hub.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { TicketService } from '../../platform/auth/tickets.js';
import { AppError } from '../../platform/http/errors.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { StreamFacts } from '../camera-runtime/stream-facts.js';
import type { CallerCredentials, Forwarding, NodeProxy } from '../cluster/node-proxy.js';
import type { LiveHls } from './live-hls.js';
import type { LiveWebRtc } from './live-webrtc.js';
import type { LivePlaylistQuery, LiveQuery, StreamTicket } from './live.schemas.js';
import { chooseLive, type LiveChoice, type LiveVideo } from './live-video.js';

const MB = 1024 * 1024;
const MAX_SNAPSHOT_BYTES = 20 * MB;

/** What a live request is, for the bounds of its answer when another node gives it. */
export type LiveRequestKind = 'playlist' | 'media' | 'whep' | 'snapshot';

/**
 * The bounds of live answers from the node that runs the camera: a playlist may wait for a live session to start
 * (15 s) or block for its next part (6 s); media is a part, a segment or an init section; a WHEP answer is SDP.
 */
const FORWARD_BOUNDS: Record<Exclude<LiveRequestKind, 'snapshot'>, Omit<Forwarding, 'nodeId'>> = {
  playlist: { maxBytes: MB, firstByteMs: 20_000 },
  media: { maxBytes: 16 * MB, firstByteMs: 10_000 },
  whep: { maxBytes: 64 * 1024, firstByteMs: 20_000 },
};

export class LiveService {
  constructor(
    private readonly access: CameraAccess,
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    private readonly tickets: TicketService,
    private readonly ffmpegPath: string,
    private readonly sources: SourceResolver,
    /** what each camera stream carries: a player that decodes only H.264 gets an H.265 camera another way */
    private readonly facts: Pick<StreamFacts, 'videoCodec' | 'hasSound'>,
    private readonly streams: StreamHub,
    private readonly hls: LiveHls,
    private readonly webrtc: LiveWebRtc,
    /** which node runs a camera, in a cluster (modules/cluster/node-proxy.ts) */
    private readonly nodes: Pick<NodeProxy, 'holderElsewhere' | 'fetchBytes'>,
    private readonly snapshotTimeoutMs = 10_000,
  ) {}

  /**
   * Where a live request for the camera goes when another node runs the camera (its pipelines are there), once
   * the caller may view it here; null when this node answers it.
   */
  async elsewhere(
    context: RequestContext,
    cameraId: number,
    kind: LiveRequestKind,
  ): Promise<Forwarding | null> {
    await this.access.require(context.principal, cameraId, 'view');
    const nodeId = await this.nodes.holderElsewhere(cameraId);
    if (nodeId === null) return null;
    const bounds =
      kind === 'snapshot'
        ? { maxBytes: MAX_SNAPSHOT_BYTES, firstByteMs: this.snapshotTimeoutMs + 5_000 }
        : FORWARD_BOUNDS[kind];
    return { nodeId, ...bounds };
  }

  /**
   * What a player opens: the multivariant playlist of the camera's main stream or its substream (`sub`: grid
   * tiles), naming its media playlist.
   */
  async liveMultivariant(context: RequestContext, cameraId: number, query: LiveQuery): Promise<string> {
    const choice = await this.#liveChoice(context, cameraId, query);
    return this.hls.multivariant(cameraId, choice.role, choice.video, mediaQuery(query, choice));
  }

  /**
   * The live media playlist; with `_HLS_msn` (and `_HLS_part`) a blocking reload. Media URIs carry the caller's
   * ticket (header-less players follow them) and the stream.
   */
  async liveMediaPlaylist(
    context: RequestContext,
    cameraId: number,
    query: LivePlaylistQuery,
  ): Promise<string> {
    const choice = await this.#liveChoice(context, cameraId, query);
    const position =
      query._HLS_msn === undefined
        ? null
        : { msn: query._HLS_msn, ...(query._HLS_part === undefined ? {} : { part: query._HLS_part }) };
    return this.hls.mediaPlaylist(cameraId, choice.role, choice.video, position, mediaQuery(query, choice));
  }

  /**
   * The stream a live playlist request plays, and whether transcoded (live-video.ts), once the caller may view
   * it and it can be read.
   */
  async #liveChoice(context: RequestContext, cameraId: number, query: LiveQuery): Promise<LiveChoice> {
    await this.access.require(context.principal, cameraId, 'view');
    const role = await this.sources.effectiveRole(cameraId, query.stream ?? 'main');
    if (!this.hls.isLive(cameraId, role)) await this.#requireReadable(cameraId, role);
    return this.#choose(cameraId, role, query.video === 'h264');
  }

  async #choose(cameraId: number, role: StreamRole, h264Only: boolean): Promise<LiveChoice> {
    return chooseLive({
      role,
      h264Only,
      hasSubstream: (await this.sources.effectiveRole(cameraId, 'sub')) === 'sub',
      // What is known without asking: a probe opens a camera session of its own, and a player should not wait.
      codecOf: (of) => this.facts.videoCodec(cameraId, of, { ask: false }),
    });
  }

  /** An init section, part or segment the live playlist names. */
  async liveMedia(
    context: RequestContext,
    cameraId: number,
    wanted: StreamRole,
    video: LiveVideo,
    name: string,
  ): Promise<Buffer> {
    await this.access.require(context.principal, cameraId, 'view');
    return this.hls.media(cameraId, await this.sources.effectiveRole(cameraId, wanted), video, name);
  }

  /** WHEP: answers a viewer's SDP offer when the camera publishes WebRTC (`webrtc_publisher`). */
  async whepOffer(
    context: RequestContext,
    cameraId: number,
    wanted: StreamRole,
    offerSdp: string,
  ): Promise<{ sessionId: string; answer: string }> {
    await this.access.require(context.principal, cameraId, 'view');
    const config = await this.configs.find(cameraId);
    if (!config?.webrtc_publisher) {
      throw new AppError(400, 'WebRTC is not enabled for this camera (stream config webrtc_publisher)');
    }
    const wantedRole = await this.sources.effectiveRole(cameraId, wanted);
    if (!this.webrtc.isLive(cameraId, wantedRole)) await this.#requireReadable(cameraId, wantedRole);
    // The answer offers H.264 only: an H.265 camera is sent as its H.264 substream, or transcoded.
    const { role, video } = await this.#choose(cameraId, wantedRole, true);
    return this.webrtc.connect(cameraId, role, video, offerSdp, await this.facts.hasSound(cameraId, role));
  }

  async whepEnd(context: RequestContext, cameraId: number, sessionId: string): Promise<void> {
    await this.access.require(context.principal, cameraId, 'view');
    await this.webrtc.disconnect(cameraId, sessionId);
  }

  /**
   * After a camera or config change (its streams already refreshed: camera-runtime.reactions.ts): live sessions
   * of a camera that can no longer be read (or no longer publishes WebRTC) end.
   */
  async refresh(cameraId: number): Promise<void> {
    if (!this.hls.isLive(cameraId) && !this.webrtc.isLive(cameraId)) return;
    const readable = (await this.sources.resolve(cameraId, 'main')).ok;
    const config = await this.configs.find(cameraId);
    if (!readable) await this.hls.stop(cameraId);
    if (!readable || !config?.webrtc_publisher) await this.webrtc.stop(cameraId);
    // A camera without a substream now: its substream viewers go (they come back on the main stream).
    if ((await this.sources.effectiveRole(cameraId, 'sub')) === 'main') {
      await this.hls.stop(cameraId, 'sub');
      await this.webrtc.stop(cameraId, 'sub');
    }
  }

  /** Starting a live session needs a camera that can be read now; the reason when not. */
  async #requireReadable(cameraId: number, role: StreamRole = 'main'): Promise<void> {
    const resolution = await this.sources.resolve(cameraId, role);
    if (!resolution.ok) throw new AppError(resolution.status, resolution.error);
  }

  async streamTicket(context: RequestContext, cameraId: number): Promise<StreamTicket> {
    await this.access.require(context.principal, cameraId, 'view');
    const { ticket, expires_in } = await this.tickets.issue(context.principal.userId, {
      purpose: 'media',
      cameraId,
    });
    const query = `?ticket=${encodeURIComponent(ticket)}`;
    const config = await this.configs.find(cameraId);
    // Grid tiles play the stream the config names for them (the substream by default, when there is one).
    const grid = await this.sources.effectiveRole(cameraId, config?.grid_stream === 'main' ? 'main' : 'sub');
    const gridQuery = grid === 'sub' ? `${query}&stream=sub` : query;
    return {
      ticket,
      expires_in,
      hls_url: `/api/v1/cameras/${cameraId}/live/index.m3u8${query}`,
      whep_url: `/api/v1/cameras/${cameraId}/live/whep${query}`,
      grid_hls_url: `/api/v1/cameras/${cameraId}/live/index.m3u8${gridQuery}`,
      grid_whep_url: `/api/v1/cameras/${cameraId}/live/whep${gridQuery}`,
      webrtc: config?.webrtc_publisher ?? false,
    };
  }

  /**
   * One JPEG from the camera stream: decoded from the group of pictures the stream holds, so it is at most a
   * keyframe interval old and needs no new connection when anyone else reads the camera. 503 when the camera
   * does not deliver one in time.
   */
  /**
   * A picture of the camera now for a feature of this node (trying a model): taken here, or by the node that runs
   * the camera, asked with the caller's own credentials.
   */
  async snapshotAnywhere(
    context: RequestContext,
    cameraId: number,
    caller: CallerCredentials,
  ): Promise<Buffer> {
    const to = caller.forwarded ? null : await this.elsewhere(context, cameraId, 'snapshot');
    return to
      ? this.nodes.fetchBytes(to, `/cameras/${cameraId}/snapshot`, caller)
      : this.snapshot(context, cameraId);
  }

  async snapshot(context: RequestContext, cameraId: number): Promise<Buffer> {
    await this.access.require(context.principal, cameraId, 'view');
    await this.#requireReadable(cameraId);
    const stream = await this.streams.stream(cameraId, 'main');
    const chunks: Buffer[] = [];
    let size = 0;
    const process = new FedProcess(stream, {
      ffmpegPath: this.ffmpegPath,
      args: snapshotArgs(),
      stallTimeoutMs: 0,
      progressFd: 3,
      onOutput: (chunk) => {
        size += chunk.length;
        if (size > MAX_SNAPSHOT_BYTES) process.abort('picture too large');
        else chunks.push(chunk);
      },
    });
    const timer = setTimeout(() => process.abort('no picture in time'), this.snapshotTimeoutMs);
    const failure: { reason: string | null } = { reason: null };
    const unsubscribe = stream.onPullFailure((reason) => {
      failure.reason = reason;
      process.abort(reason);
    });
    process.start();
    const exit = await process.exited();
    clearTimeout(timer);
    unsubscribe();
    const image = Buffer.concat(chunks);
    if (exit.code === 0 && image.length > 2 && image[0] === 0xff && image[1] === 0xd8) return image;
    throw new AppError(
      503,
      failure.reason
        ? `The camera could not be read: ${failure.reason}`
        : 'The camera did not deliver an image in time',
    );
  }
}

/** The query every URI of a live playlist carries: the caller's ticket, the stream, and whether transcoded. */
function mediaQuery(query: LiveQuery, { role, video }: LiveChoice): string {
  const params = new URLSearchParams({
    ...(query.ticket ? { ticket: query.ticket } : {}),
    ...(role === 'sub' ? { stream: 'sub' } : {}),
    ...(video === 'h264' ? { video: 'h264' } : {}),
  }).toString();
  return params ? `?${params}` : '';
}
