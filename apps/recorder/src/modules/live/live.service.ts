// What a viewer asks of a camera right now: a snapshot, and the ticket that lets header-less players open its
// media URLs (API.md §7, §10).
import { spawn } from 'node:child_process';
import { snapshotArgs } from '../../media/ffmpeg/args.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { TicketService } from '../../platform/auth/tickets.js';
import { AppError } from '../../platform/http/errors.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import { decideSource, streamInput, type RtspsVerifier } from '../recordings/stream-source.js';
import type { StreamInput } from '../../media/ffmpeg/args.js';
import type { LiveHls } from './live-hls.js';
import type { LiveWebRtc } from './live-webrtc.js';
import type { StreamTicket } from './live.schemas.js';

const MAX_SNAPSHOT_BYTES = 20 * 1024 * 1024;

export class LiveService {
  constructor(
    private readonly access: CameraAccess,
    private readonly cameras: CamerasService,
    private readonly configs: CameraConfigService,
    private readonly tickets: TicketService,
    private readonly ffmpegPath: string,
    private readonly hls: LiveHls,
    private readonly webrtc: LiveWebRtc,
    /** the media-source TLS check for RTSPS cameras, as the recording engine applies it */
    private readonly verifyRtsps?: RtspsVerifier,
    private readonly snapshotTimeoutMs = 10_000,
  ) {}

  /** The live playlist; segment URIs carry the caller's ticket so header-less players can follow them. */
  async livePlaylist(context: RequestContext, cameraId: number, ticket: string | undefined): Promise<string> {
    await this.access.require(context.principal, cameraId, 'view');
    const playlist = await this.hls.playlist(cameraId, () => this.#input(cameraId));
    if (!ticket) return playlist;
    const suffix = `?ticket=${encodeURIComponent(ticket)}`;
    return playlist
      .replace(/^(seg-\d+\.m4s)$/gm, `$1${suffix}`)
      .replace(/URI="init\.mp4"/, `URI="init.mp4${suffix}"`);
  }

  async liveSegment(
    context: RequestContext,
    cameraId: number,
    name: string,
  ): Promise<{ path: string; size: number }> {
    await this.access.require(context.principal, cameraId, 'view');
    return this.hls.segment(cameraId, name);
  }

  /** WHEP: answers a viewer's SDP offer when the camera publishes WebRTC (`webrtc_publisher`). */
  async whepOffer(
    context: RequestContext,
    cameraId: number,
    offerSdp: string,
  ): Promise<{ sessionId: string; answer: string }> {
    await this.access.require(context.principal, cameraId, 'view');
    const config = await this.configs.find(cameraId);
    if (!config?.webrtc_publisher) {
      throw new AppError(400, 'WebRTC is not enabled for this camera (stream config webrtc_publisher)');
    }
    return this.webrtc.connect(cameraId, offerSdp, () => this.#input(cameraId));
  }

  async whepEnd(context: RequestContext, cameraId: number, sessionId: string): Promise<void> {
    await this.access.require(context.principal, cameraId, 'view');
    await this.webrtc.disconnect(cameraId, sessionId);
  }

  /** After a camera or config change: live sessions reading something else (or a camera gone) end. */
  async refresh(cameraId: number): Promise<void> {
    if (!this.hls.isLive(cameraId) && !this.webrtc.isLive(cameraId)) return;
    const camera = await this.cameras.find(cameraId);
    const config = await this.configs.find(cameraId);
    const usable = camera && camera.deleted_at === null && camera.is_active;
    const input = usable ? await this.#input(cameraId).catch(() => null) : null;
    await this.hls.refresh(cameraId, input);
    await this.webrtc.refresh(cameraId, config?.webrtc_publisher ? input : null);
  }

  /** The input the camera is read from, with the transport-security policy applied. */
  async #input(cameraId: number): Promise<StreamInput> {
    const camera = await this.cameras.find(cameraId);
    const config = await this.configs.find(cameraId);
    if (!camera) throw new AppError(404, 'Camera not found');
    const decision = await decideSource(camera, config, {
      verifyRtsps: this.verifyRtsps,
      guard: (url) => this.cameras.sourceRefusal(camera, url),
    });
    if (!decision.ok) throw new AppError(503, decision.error);
    return streamInput(decision.plan.url, await this.cameras.credentials(cameraId), config);
  }

  async streamTicket(context: RequestContext, cameraId: number): Promise<StreamTicket> {
    await this.access.require(context.principal, cameraId, 'view');
    const { ticket, expires_in } = await this.tickets.issue(context.principal.userId, {
      purpose: 'media',
      cameraId,
    });
    const query = `?ticket=${encodeURIComponent(ticket)}`;
    const config = await this.configs.find(cameraId);
    return {
      ticket,
      expires_in,
      hls_url: `/api/v1/cameras/${cameraId}/live/index.m3u8${query}`,
      whep_url: `/api/v1/cameras/${cameraId}/live/whep${query}`,
      webrtc: config?.webrtc_publisher ?? false,
    };
  }

  /** One JPEG from the camera's stream; 503 when the camera does not deliver one in time. */
  async snapshot(context: RequestContext, cameraId: number): Promise<Buffer> {
    await this.access.require(context.principal, cameraId, 'view');
    const args = snapshotArgs({ ...(await this.#input(cameraId)), extraOptions: {} });
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
      const chunks: Buffer[] = [];
      let size = 0;
      const timer = setTimeout(() => child.kill('SIGKILL'), this.snapshotTimeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_SNAPSHOT_BYTES) child.kill('SIGKILL');
        else chunks.push(chunk);
      });
      child.once('error', () => undefined);
      child.once('close', (code) => {
        clearTimeout(timer);
        const image = Buffer.concat(chunks);
        if (code === 0 && image.length > 2 && image[0] === 0xff && image[1] === 0xd8) resolve(image);
        else reject(new AppError(503, 'The camera did not deliver an image in time'));
      });
    });
  }
}
