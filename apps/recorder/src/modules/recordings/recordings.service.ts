import { mapBounded } from '../../platform/bounded-map.js';
import { actorOf } from '../../platform/db/evidence-chain.js';
import { rm, stat, statfs } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError, FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CameraRow } from '../../platform/db/schema.js';
import { exportRange, TRANSCODE_TIMEOUT_MS, type ChunkFile } from '../../media/ffmpeg/export.js';
import { initSection } from '../../media/mp4.js';
import { ThumbnailMaker, ThumbnailTimeoutError } from '../../media/ffmpeg/thumbnail.js';
import { segmentDurations, type ChunkTranscodes } from '../../media/ffmpeg/chunk-transcode.js';
import type { SegmentInProgress } from '../../media/camera-recorder.js';
import { GrowingChunk } from '../../media/growing-chunk.js';
import type { CallerCredentials, Served } from '../cluster/node-proxy.js';
import type { EvidenceService } from '../evidence/evidence.service.js';
import type { IntegrityReport } from '../evidence/evidence.schemas.js';
import type { FootageNodes } from './footage-nodes.js';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.js';
import {
  DEFAULT_RECORDING_SETTINGS,
  type Coverage,
  type CoverageQuery,
  type InProgressChunk,
  type RecordingChunk,
  type RecordingRangeQuery,
  type RecordingSettings,
  type RecordingSettingsUpdate,
  type RecordingUsage,
  type ThumbnailQuery,
} from './recordings.schemas.js';

const DAY = 24 * 3600;
const MAX_SPAN_SECONDS = 31 * DAY;
const SETTINGS_KEY = 'recording';
const MAX_EXPORT_SECONDS = 4 * 3600;
/** A transcoded export encodes about as fast as real time on a small machine (1080p): at most an hour of it. */
const MAX_TRANSCODED_EXPORT_SECONDS = 3600;
/** An evidence file is put together in memory (the original chunks, stored): an hour and 2 GB at most. */
const MAX_EVIDENCE_EXPORT_SECONDS = 3600;
const MAX_EVIDENCE_BYTES = 2 * 1024 ** 3;
/** An integrity check re-hashes every chunk of its range: a day at most per request. */
const MAX_INTEGRITY_SECONDS = DAY;
const GB = 1024 ** 3;
const MB = 1024 ** 2;
/** init-section reads under way at once while a playlist is written */
const INIT_READS_AT_ONCE = 8;
/** What another node's answers may be at most: a playlist, a preview picture, an error or a 204. */
const PLAYLIST_MAX_BYTES = MB;
const THUMBNAIL_MAX_BYTES = 4 * MB;
const SMALL_ANSWER_BYTES = 64 * 1024;
/** Another node exports before it sends the first byte: as long as the export's own ffmpeg may take. */
const EXPORT_FIRST_BYTE_MS = 10 * 60_000;

/** The recording engine as playback sees it: the chunk being written on this node, and where one went. */
export interface ChunksInProgress {
  inProgress(cameraId: number): SegmentInProgress | null;
  closedAs(cameraId: number, name: string): string | null;
}

/**
 * The most another node may send of the chunk it is writing: an hour of 4K at 16 Mbit/s is about 7 GB (a chunk
 * lasts at most recording_segment_seconds, at most an hour).
 */
const IN_PROGRESS_MAX_BYTES = 8 * 1024 ** 3;

export interface ExportedFile {
  path: string;
  size: number;
  name: string;
  /** removes the temporary file */
  dispose: () => Promise<void>;
}

/** How far from a chunk an instant may be and still get its nearest picture (chunks follow within a second). */
const PREVIEW_REACH_MS = 1500;

/** How long a request for a segment of a chunk's transcode waits for the encoder to write it. */
const TRANSCODE_WAIT_MS = 30_000;
/** A few seconds of H.264 at most 1920 px wide: far below this. */
const TRANSCODED_MAX_BYTES = 64 * 1024 * 1024;

export class RecordingsService {
  constructor(
    private readonly recordings: RecordingsRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly recordingsRoot: string,
    /** which node's disk holds a chunk, and the way to the others (modules/cluster/node-proxy.ts) */
    private readonly footage: FootageNodes,
    /** recorded H.265 made H.264 for browsers without HEVC (media/ffmpeg/chunk-transcode.ts) */
    private readonly transcodes: Pick<ChunkTranscodes, 'file'>,
    /** the chunks this node is writing (modules/recordings/recording-engine.ts) */
    private readonly writing: ChunksInProgress,
    /** the evidence chain's exports and integrity checks (modules/evidence) */
    private readonly evidence: EvidenceService,
    private readonly ffmpegPath = 'ffmpeg',
  ) {
    this.#thumbnails = new ThumbnailMaker(ffmpegPath);
  }

  readonly #thumbnails: ThumbnailMaker;
  /** per camera recorded here: how far its chunk being written has been read, and its video codec */
  readonly #growing = new Map<number, { chunk: GrowingChunk; videoCodec: Promise<string | null> }>();

  /** Chunks overlapping the range (default: the last 24 h), oldest first. */
  async list(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
  ): Promise<RecordingChunk[]> {
    return (await this.#rowsIn(context, cameraId, query)).map(toChunk);
  }

  /** The chunk rows overlapping the range (default: the last 24 h), oldest first, once the caller may view them. */
  async #rowsIn(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
  ): Promise<RecordingRow[]> {
    await this.#camera(context, cameraId, 'view');
    const end = query.end_unix ?? Math.ceil(Date.now() / 1000);
    const start = query.start_unix ?? end - DAY;
    if (end < start)
      throw new FieldValidationError(['query', 'end_unix'], 'end_unix must not be before start_unix');
    if (end - start > MAX_SPAN_SECONDS) {
      throw new FieldValidationError(['query', 'end_unix'], 'The range may span at most 31 days');
    }
    return this.recordings.overlapping(cameraId, start * 1000, end * 1000);
  }

  /**
   * What a timeline draws: the recorded spans of the range, chunks less than `min_gap_seconds` apart merged by
   * the database, so the answer stays small at any zoom level (a week of 10-second chunks is 60,480 rows).
   */
  async coverage(
    context: RequestContext,
    cameraId: number,
    query: CoverageQuery,
    caller: CallerCredentials,
  ): Promise<Coverage> {
    await this.#camera(context, cameraId, 'view');
    if (query.end_unix < query.start_unix)
      throw new FieldValidationError(['query', 'end_unix'], 'end_unix must not be before start_unix');
    if (query.end_unix - query.start_unix > MAX_SPAN_SECONDS) {
      throw new FieldValidationError(['query', 'end_unix'], 'The range may span at most 31 days');
    }
    const spans = await this.recordings.spans(
      cameraId,
      query.start_unix * 1000,
      query.end_unix * 1000,
      query.min_gap_seconds * 1000,
    );
    const drawn = spans.map((span) => ({ ...span, inProgress: false }));
    // The chunk being written reaches "now": the last span grows into it, or it is a span of its own.
    const growing = await this.#inProgressAnywhere(cameraId, caller);
    const [fromMs, toMs] = [query.start_unix * 1000, query.end_unix * 1000];
    if (growing && growing.startMs <= toMs && growing.endMs >= fromMs) {
      const last = drawn.at(-1);
      if (last && growing.startMs - last.endMs <= query.min_gap_seconds * 1000) {
        last.endMs = Math.max(last.endMs, growing.endMs);
        last.chunks += 1;
        last.inProgress = true;
      } else drawn.push({ startMs: growing.startMs, endMs: growing.endMs, chunks: 1, inProgress: true });
    }
    return {
      camera_id: cameraId,
      start_unix: query.start_unix,
      end_unix: query.end_unix,
      min_gap_seconds: query.min_gap_seconds,
      spans: drawn.map((span) => ({
        start_unix: Math.floor(span.startMs / 1000),
        end_unix: Math.ceil(span.endMs / 1000),
        start_time: new Date(span.startMs).toISOString(),
        end_time: new Date(span.endMs).toISOString(),
        chunks: span.chunks,
        in_progress: span.inProgress,
      })),
    };
  }

  /**
   * The chunk being recorded, as far as whole fragments are written: answered by the node that records the
   * camera (404 when no node does, or it has written no whole fragment yet).
   */
  async inProgress(context: RequestContext, cameraId: number): Promise<Served<InProgressChunk>> {
    await this.#camera(context, cameraId, 'view');
    const here = await this.#inProgressHere(cameraId);
    if (here) return { here: toInProgressChunk(cameraId, here) };
    const holder = await this.footage.recorderElsewhere(cameraId);
    if (holder) return { remote: this.footage.forwarding(holder, SMALL_ANSWER_BYTES) };
    throw new NotFoundError('Chunk being recorded');
  }

  /**
   * The bytes of a chunk being written, named as ffmpeg named it: up to its last whole fragment while it is
   * written (the size is that, so a range never reaches into a fragment ffmpeg is writing), the whole indexed
   * chunk once it has been closed and moved; on the node that records the camera.
   */
  async inProgressFile(
    context: RequestContext,
    cameraId: number,
    name: string,
  ): Promise<Served<{ path: string; size: number }>> {
    await this.#camera(context, cameraId, 'view');
    const here = await this.#inProgressHere(cameraId);
    if (here?.name === name) return { here: { path: here.path, size: here.completeBytes } };
    const closed = this.writing.closedAs(cameraId, name);
    if (closed) {
      const path = join(this.recordingsRoot, closed);
      const info = await stat(path).catch(() => null);
      if (info) return { here: { path, size: info.size } };
    }
    const holder = await this.footage.recorderElsewhere(cameraId);
    if (holder) return { remote: this.footage.forwarding(holder, IN_PROGRESS_MAX_BYTES) };
    throw new NotFoundError('Chunk being recorded');
  }

  /** What can be played of the chunk this node writes for the camera (null: none, or nothing whole yet). */
  async #inProgressHere(cameraId: number): Promise<GrowingNow | null> {
    const segment = this.writing.inProgress(cameraId);
    if (!segment) {
      this.#growing.delete(cameraId);
      return null;
    }
    let growing = this.#growing.get(cameraId);
    if (growing?.chunk.path !== segment.file) {
      const chunk = new GrowingChunk(segment.file);
      growing = { chunk, videoCodec: initSection(segment.file).then((init) => init?.videoCodec ?? null) };
      growing.videoCodec.catch(() => undefined);
      this.#growing.set(cameraId, growing);
    }
    // Gone: closed and moved since the engine last looked (it is indexed, or about to be).
    const soFar = await growing.chunk.look().catch(notFoundAsNull);
    if (!soFar) return null;
    const videoCodec = await growing.videoCodec.catch(() => null);
    return {
      ...soFar,
      name: basename(segment.file),
      path: segment.file,
      startMs: segment.startMs,
      endMs: Math.round(segment.startMs + soFar.durationSeconds * 1000),
      videoCodec,
    };
  }

  /** The chunk being written, here or (asked there) on the node that records the camera; null when none. */
  async #inProgressAnywhere(cameraId: number, caller: CallerCredentials): Promise<RemoteOrHere | null> {
    const here = await this.#inProgressHere(cameraId);
    if (here) return { ...here, nodeId: null };
    const holder = await this.footage.recorderElsewhere(cameraId);
    if (!holder) return null;
    const chunk = await this.footage.inProgressOn(holder, cameraId, caller);
    if (!chunk) return null;
    return {
      name: chunk.name,
      startMs: Date.parse(chunk.start_time),
      endMs: Date.parse(chunk.end_time),
      initBytes: chunk.init_bytes,
      completeBytes: chunk.size_bytes,
      durationSeconds: chunk.duration_seconds,
      videoCodec: chunk.video_codec,
      nodeId: holder,
    };
  }

  /** The file behind a chunk, for download: here, or on the node whose disk holds it. */
  async chunkFile(
    context: RequestContext,
    cameraId: number,
    chunkId: number,
  ): Promise<Served<{ path: string; size: number }>> {
    await this.#camera(context, cameraId, 'view');
    const row = await this.recordings.find(cameraId, chunkId);
    if (!row) throw new NotFoundError('Recording chunk');
    const [chunk] = await this.footage.place([row]);
    if (chunk!.nodeId !== null) return { remote: this.footage.forwarding(chunk!.nodeId, row.size_bytes) };
    return { here: { path: this.footage.path(row), size: row.size_bytes } };
  }

  /**
   * An HLS VOD playlist over the chunks of a range: each chunk is its own init section (EXT-X-MAP by byte
   * range) and fragment run, separated by discontinuities, so a browser plays the range as one video. For a
   * player that decodes only H.264 (`h264Only`), an H.265 chunk is listed as the segments of its H.264 transcode.
   */
  async playlist(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
    ticket: string | undefined,
    caller: CallerCredentials,
    h264Only = false,
  ): Promise<Served<string>> {
    const chunks = await this.footage.place(await this.#rowsIn(context, cameraId, query));
    const rangeEndMs = (query.end_unix ?? Math.ceil(Date.now() / 1000)) * 1000;
    // The chunk being written ends the playlist when the range reaches into it (on the node recording it).
    const growingHere = await this.#inProgressHere(cameraId);
    const recorder = growingHere ? null : await this.footage.recorderElsewhere(cameraId);
    // Footage wholly on another node: that node writes the playlist (its chunk URIs are relative, so they
    // come back here and are forwarded one by one).
    const holder = this.footage.soleHolder(chunks);
    if (holder && !growingHere && (recorder === null || recorder === holder))
      return { remote: this.footage.forwarding(holder, PLAYLIST_MAX_BYTES) };
    const growing = growingHere
      ? { ...growingHere, nodeId: null }
      : await this.#inProgressAnywhere(cameraId, caller);
    const tail =
      growing && growing.startMs < rangeEndMs && !(h264Only && growing.videoCodec === 'hevc')
        ? growing
        : null;
    const suffix = ticket ? `?ticket=${encodeURIComponent(ticket)}` : '';
    const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
    const target = Math.ceil(
      Math.max(1, tail?.durationSeconds ?? 0, ...chunks.map((c) => c.row.duration_seconds)),
    );
    lines.push(`#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0');
    let first = true;
    // Each chunk's init section length: read here, or a small range request to the node holding it (several
    // at once: a playlist across nodes names many of them).
    const inits = await mapBounded(chunks, INIT_READS_AT_ONCE, (placed) =>
      this.footage.initSection(placed, caller),
    );
    for (const [index, placed] of chunks.entries()) {
      const row = placed.row;
      const chunk = toChunk(row);
      const init = inits[index] ?? null;
      if (init === null) continue;
      if (!first) lines.push('#EXT-X-DISCONTINUITY');
      first = false;
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${chunk.start_time}`);
      if (h264Only && init.videoCodec === 'hevc') {
        // Relative to the playlist: the transcode's route.
        const base = `chunks/${chunk.id}/h264`;
        lines.push(`#EXT-X-MAP:URI="${base}/init.mp4${suffix}"`);
        for (const [segment, seconds] of segmentDurations(chunk.duration_seconds).entries())
          lines.push(`#EXTINF:${seconds.toFixed(3)},`, `${base}/${segment}.m4s${suffix}`);
        continue;
      }
      // Relative to the playlist (…/recordings/{camera_id}/playlist.m3u8): the chunk download route.
      const uri = `chunks/${chunk.id}.mp4${suffix}`;
      lines.push(
        `#EXT-X-MAP:URI="${uri}",BYTERANGE="${init.length}@0"`,
        `#EXTINF:${chunk.duration_seconds.toFixed(3)},`,
        `#EXT-X-BYTERANGE:${row.size_bytes - init.length}@${init.length}`,
        uri,
      );
    }
    if (tail) {
      // As far as whole fragments are written when asked; a later playlist lists more (the player asks again
      // when it gets there). H.265 being written is left out for an H.264-only player: transcodes are of
      // closed chunks.
      if (!first) lines.push('#EXT-X-DISCONTINUITY');
      const uri = `in-progress/${tail.name}${suffix}`;
      lines.push(
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(tail.startMs).toISOString()}`,
        `#EXT-X-MAP:URI="${uri}",BYTERANGE="${tail.initBytes}@0"`,
        `#EXTINF:${tail.durationSeconds.toFixed(3)},`,
        `#EXT-X-BYTERANGE:${tail.completeBytes - tail.initBytes}@${tail.initBytes}`,
        uri,
      );
    }
    lines.push('#EXT-X-ENDLIST');
    return { here: lines.join('\n') + '\n' };
  }

  /**
   * A segment (or the init section) of a chunk's H.264 transcode, once ffmpeg has written it: the path here, or
   * the node whose disk holds the chunk (it transcodes there).
   */
  async transcodedFile(
    context: RequestContext,
    cameraId: number,
    chunkId: number,
    name: string,
  ): Promise<Served<string>> {
    await this.#camera(context, cameraId, 'view');
    const row = await this.recordings.find(cameraId, chunkId);
    if (!row) throw new NotFoundError('Recording chunk');
    const [chunk] = await this.footage.place([row]);
    if (chunk!.nodeId !== null)
      return {
        remote: this.footage.forwarding(chunk!.nodeId, TRANSCODED_MAX_BYTES, TRANSCODE_WAIT_MS + 5_000),
      };
    const path = await this.transcodes.file(row.id, this.footage.path(row), name, TRANSCODE_WAIT_MS);
    if (!path) throw new NotFoundError('Transcoded segment');
    return { here: path };
  }

  /**
   * A scrub preview: the keyframe at or before the instant in the chunk that holds it (or the nearest chunk, in
   * the gap between two), as a small JPEG; 404 where nothing was recorded.
   */
  async thumbnail(context: RequestContext, cameraId: number, query: ThumbnailQuery): Promise<Served<Buffer>> {
    await this.#camera(context, cameraId, 'view');
    // The chunk that holds the instant, or the nearest one within the small gap between two chunks.
    const near = await this.recordings.overlapping(
      cameraId,
      query.at_ms - PREVIEW_REACH_MS,
      query.at_ms + PREVIEW_REACH_MS,
    );
    const distance = (row: RecordingRow) => Math.max(0, row.start_ms - query.at_ms, query.at_ms - row.end_ms);
    const row = near.sort((a, b) => distance(a) - distance(b))[0];
    if (!row) return this.#thumbnailInProgress(cameraId, query);
    // ffmpeg finds no picture when asked for the very end of a file: the last second goes to its last keyframe.
    const offsetMs = Math.max(0, Math.min(query.at_ms - row.start_ms, row.end_ms - row.start_ms - 1000));
    // A chunk on another node: that node picks the same chunk from the shared index and decodes the picture.
    const [chunk] = await this.footage.place([row]);
    if (chunk!.nodeId !== null)
      return { remote: this.footage.forwarding(chunk!.nodeId, THUMBNAIL_MAX_BYTES) };
    return { here: await this.#keyframe(this.footage.path(row), offsetMs, query.width) };
  }

  /** The keyframe at or before `offsetMs` into a chunk file, as a JPEG `width` wide. */
  #keyframe(path: string, offsetMs: number, width: number): Promise<Buffer> {
    return this.#thumbnails.keyframe(path, offsetMs / 1000, width).catch((error: unknown) => {
      // A busy machine is not a missing picture: 503 asks the client to try again (the web app does).
      if (error instanceof ThumbnailTimeoutError)
        throw new AppError(503, 'The recorder is too busy to make this preview now; ask again', {
          'retry-after': '1',
        });
      throw new NotFoundError('Picture at this instant');
    });
  }

  /**
   * A scrub preview from the chunk being recorded (the timeline draws it as recorded): decoded here from the
   * file as it is (ffmpeg only reads it, and stops at the fragment being written), or by the node recording it.
   */
  async #thumbnailInProgress(cameraId: number, query: ThumbnailQuery): Promise<Served<Buffer>> {
    const here = await this.#inProgressHere(cameraId);
    if (!here) {
      const holder = await this.footage.recorderElsewhere(cameraId);
      if (holder) return { remote: this.footage.forwarding(holder, THUMBNAIL_MAX_BYTES) };
      throw new NotFoundError('Recording at this instant');
    }
    if (query.at_ms < here.startMs - PREVIEW_REACH_MS || query.at_ms > here.endMs + PREVIEW_REACH_MS)
      throw new NotFoundError('Recording at this instant');
    const offsetMs = Math.max(0, Math.min(query.at_ms - here.startMs, here.endMs - here.startMs - 1000));
    return { here: await this.#keyframe(here.path, offsetMs, query.width) };
  }

  /**
   * The chunk files of the camera on this node's disk (or a shared mount) that overlap [fromMs, toMs], oldest
   * first (for the recorder's own use: review clips are cut from what there is here).
   */
  async chunkFiles(cameraId: number, fromMs: number, toMs: number): Promise<ChunkFile[]> {
    // Only the chunks whose files are here: a camera that moved mid-way has the rest on another node's disk.
    const placed = await this.footage.place(await this.recordings.overlapping(cameraId, fromMs, toMs));
    const rows = placed.filter((chunk) => chunk.nodeId === null).map((chunk) => chunk.row);
    return rows.map((row) => ({
      path: join(this.recordingsRoot, row.path),
      startMs: row.start_ms,
      endMs: row.end_ms,
    }));
  }

  /**
   * One MP4 of the range (≤ 4 h), stream-copied from the chunks and trimmed to the range. Footage wholly on
   * another node is exported there; footage across nodes is exported here, from copies of the others' chunks.
   */
  /**
   * The range as one MP4: the footage as recorded, or (`h264Only`) playable where only H.264 plays — an H.265
   * range transcoded, any other copied as it is.
   */
  async export(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
    caller: CallerCredentials,
    h264Only = false,
  ): Promise<Served<ExportedFile>> {
    if (query.start_unix === undefined || query.end_unix === undefined) {
      throw new FieldValidationError(
        ['query', 'start_unix'],
        'start_unix and end_unix are required for an export',
      );
    }
    if (query.end_unix - query.start_unix > MAX_EXPORT_SECONDS) {
      throw new FieldValidationError(['query', 'end_unix'], 'An export may span at most 4 hours');
    }
    if (h264Only && query.end_unix - query.start_unix > MAX_TRANSCODED_EXPORT_SECONDS) {
      throw new FieldValidationError(
        ['query', 'end_unix'],
        'An export with video=h264 may span at most 1 hour',
      );
    }
    const chunks = await this.footage.place(await this.#rowsIn(context, cameraId, query));
    if (chunks.length === 0) throw new NotFoundError('Recording in this range');
    const holder = this.footage.soleHolder(chunks);
    if (holder) {
      // The export is the range's chunks, stream-copied and trimmed: never more than they are, plus its index.
      const bytes = chunks.reduce((sum, chunk) => sum + chunk.row.size_bytes, 0);
      // H.264 from H.265 at the same quality takes up to about twice the bytes; it starts once encoded.
      return {
        remote: h264Only
          ? this.footage.forwarding(holder, Math.ceil(bytes * 3) + MB, TRANSCODE_TIMEOUT_MS + 60_000)
          : this.footage.forwarding(holder, Math.ceil(bytes * 1.1) + MB, EXPORT_FIRST_BYTE_MS),
      };
    }
    const copies = await this.footage.localFiles(chunks, caller);
    const exported = await (async () => {
      const transcode = h264Only && (await anyNotH264(copies.files.map((file) => file.path)));
      const file = await exportRange(
        this.ffmpegPath,
        copies.files,
        query.start_unix! * 1000,
        query.end_unix! * 1000,
        { transcode },
      );
      return { file, transcode };
    })().finally(() => copies.dispose());
    await this.audit.record(context, {
      action: 'recording.export',
      entityType: 'camera',
      entityId: cameraId,
      details: { start_unix: query.start_unix, end_unix: query.end_unix, transcoded: exported.transcode },
    });
    const name = `camera-${cameraId}-${query.start_unix}-${query.end_unix}${exported.transcode ? '-h264' : ''}.mp4`;
    return { here: { ...exported.file, name } };
  }

  /**
   * The range as an evidence file (docs/evidence.md): its original chunks, the manifest of their hashes and chain
   * links, signed. Footage wholly on another node is exported there; footage across nodes here, from copies.
   */
  async exportEvidence(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
    caller: CallerCredentials,
  ): Promise<Served<ExportedFile>> {
    if (query.start_unix === undefined || query.end_unix === undefined) {
      throw new FieldValidationError(
        ['query', 'start_unix'],
        'start_unix and end_unix are required for an export',
      );
    }
    if (query.end_unix - query.start_unix > MAX_EVIDENCE_EXPORT_SECONDS) {
      throw new FieldValidationError(
        ['query', 'end_unix'],
        'An export with evidence=true may span at most 1 hour',
      );
    }
    const camera = await this.#camera(context, cameraId, 'view');
    const chunks = await this.footage.place(await this.#rowsIn(context, cameraId, query));
    if (chunks.length === 0) throw new NotFoundError('Recording in this range');
    const bytes = chunks.reduce((sum, chunk) => sum + chunk.row.size_bytes, 0);
    if (bytes > MAX_EVIDENCE_BYTES)
      throw new FieldValidationError(
        ['query', 'end_unix'],
        'The range holds more than 2 GB of footage: export less',
      );
    const holder = this.footage.soleHolder(chunks);
    if (holder) return { remote: this.footage.forwarding(holder, bytes + 16 * MB, EXPORT_FIRST_BYTE_MS) };
    const copies = await this.footage.localFiles(chunks, caller);
    const file = await this.evidence
      .seal(
        context,
        { id: camera.id, name: camera.name },
        { start_unix: query.start_unix, end_unix: query.end_unix },
        chunks.map((chunk, i) => ({ row: chunk.row, file: copies.files[i]!.path })),
      )
      .finally(() => copies.dispose());
    await this.audit.record(context, {
      action: 'recording.export',
      entityType: 'camera',
      entityId: cameraId,
      details: {
        start_unix: query.start_unix,
        end_unix: query.end_unix,
        evidence: true,
        chunks: chunks.length,
      },
    });
    return {
      here: { ...file, name: `camera-${cameraId}-${query.start_unix}-${query.end_unix}-evidence.zip` },
    };
  }

  /**
   * Re-hashes the stored chunks of a range against the camera's evidence chain (docs/evidence.md). Footage wholly
   * on another node is checked there; chunks on other nodes' disks in a mixed range are reported `elsewhere`.
   */
  async integrity(
    context: RequestContext,
    cameraId: number,
    query: RecordingRangeQuery,
  ): Promise<Served<IntegrityReport>> {
    const end = query.end_unix ?? Math.ceil(Date.now() / 1000);
    const start = query.start_unix ?? end - 3600;
    if (end - start > MAX_INTEGRITY_SECONDS)
      throw new FieldValidationError(['query', 'end_unix'], 'An integrity check may span at most 24 hours');
    const rows = await this.#rowsIn(context, cameraId, { start_unix: start, end_unix: end });
    const chunks = await this.footage.place(rows);
    const holder = this.footage.soleHolder(chunks);
    if (holder) return { remote: this.footage.forwarding(holder, 16 * MB) };
    return { here: await this.checkStored(cameraId, start * 1000, end * 1000, chunks) };
  }

  /** The integrity of what this node stores of a camera's range (also the scheduled check's). */
  async checkStored(
    cameraId: number,
    startMs: number,
    endMs: number,
    placed?: Awaited<ReturnType<FootageNodes['place']>>,
  ): Promise<IntegrityReport> {
    const chunks =
      placed ?? (await this.footage.place(await this.recordings.overlapping(cameraId, startMs, endMs)));
    return this.evidence.check(
      cameraId,
      startMs,
      endMs,
      chunks.map((chunk) => ({
        row: chunk.row,
        file: chunk.nodeId === null ? this.footage.path(chunk.row) : null,
      })),
    );
  }

  /** Deletes a chunk and its file; a chunk on another node's disk is deleted by that node. */
  async deleteChunk(context: RequestContext, cameraId: number, chunkId: number): Promise<Served<void>> {
    await this.#camera(context, cameraId, 'manage');
    const row = await this.recordings.find(cameraId, chunkId);
    if (!row) throw new NotFoundError('Recording chunk');
    const [chunk] = await this.footage.place([row]);
    if (chunk!.nodeId !== null) return { remote: this.footage.forwarding(chunk!.nodeId, SMALL_ANSWER_BYTES) };
    await rm(this.footage.path(row), { force: true });
    await this.recordings.delete(row.id, { reason: 'user', actor: actorOf(context.principal) });
    await this.audit.record(context, {
      action: 'recording.delete',
      entityType: 'camera',
      entityId: cameraId,
      details: { chunk_id: row.id, start_time: new Date(row.start_ms).toISOString() },
    });
    return { here: undefined };
  }

  async settings(context: RequestContext): Promise<RecordingSettings> {
    requireSuperuser(context.principal);
    return this.currentSettings();
  }

  async currentSettings(): Promise<RecordingSettings> {
    const stored = await this.recordings.getSetting<Partial<RecordingSettings>>(SETTINGS_KEY);
    return { ...DEFAULT_RECORDING_SETTINGS, ...stored, recordings_root: this.recordingsRoot };
  }

  /** The recordings volume's free (for the recorder, not only root) and total bytes; null when unreadable. */
  async volumeSpace(): Promise<{ path: string; freeBytes: number; totalBytes: number } | null> {
    const volume = await statfs(this.recordingsRoot).catch(() => null);
    return volume
      ? {
          path: this.recordingsRoot,
          freeBytes: volume.bavail * volume.bsize,
          totalBytes: volume.blocks * volume.bsize,
        }
      : null;
  }

  /** The free space retention keeps on the recordings volume (min_free_disk_gb), in bytes. */
  async minFreeBytes(): Promise<number> {
    return Math.round((await this.currentSettings()).min_free_disk_gb * GB);
  }

  /** What the recordings take, what is free on their volume, and the floor retention keeps free. */
  async usage(context: RequestContext): Promise<RecordingUsage> {
    requireSuperuser(context.principal);
    const [recordingsBytes, volume, minFreeBytes] = await Promise.all([
      this.recordings.totalBytes(),
      this.volumeSpace(),
      this.minFreeBytes(),
    ]);
    const freeBytes = volume?.freeBytes ?? null;
    return {
      recordings_bytes: recordingsBytes,
      volume_total_bytes: volume?.totalBytes ?? null,
      volume_free_bytes: freeBytes,
      min_free_bytes: minFreeBytes,
      below_floor: freeBytes !== null && freeBytes < minFreeBytes,
    };
  }

  async updateSettings(context: RequestContext, body: RecordingSettingsUpdate): Promise<RecordingSettings> {
    requireSuperuser(context.principal);
    if (body.recordings_root !== undefined && body.recordings_root !== this.recordingsRoot) {
      throw new FieldValidationError(
        ['body', 'recordings_root'],
        'The recordings root is set with RECORDINGS_DIR and takes effect after a restart',
      );
    }
    const { recordings_root: _, ...current } = await this.currentSettings();
    const next = {
      retention_days: body.retention_days ?? current.retention_days,
      min_free_disk_gb: body.min_free_disk_gb ?? current.min_free_disk_gb,
    };
    await this.recordings.putSetting(SETTINGS_KEY, next);
    await this.audit.record(context, { action: 'settings.recording', entityType: 'settings', details: next });
    return { ...next, recordings_root: this.recordingsRoot };
  }

  /** Binned cameras stay listable by their owner and superusers only (API.md §6). */
  /** The camera, when the caller may view its footage (a binned one: its owner and superusers); else 404. */
  viewable(context: RequestContext, cameraId: number): Promise<CameraRow> {
    return this.#camera(context, cameraId, 'view');
  }

  async #camera(context: RequestContext, cameraId: number, right: 'view' | 'manage'): Promise<CameraRow> {
    const camera = await this.access.require(context.principal, cameraId, right, { includeBinned: true });
    const { principal } = context;
    if (camera.deleted_at !== null && !principal.isSuperuser && camera.owner_id !== principal.userId) {
      throw new NotFoundError('Camera');
    }
    return camera;
  }
}

/** What can be played of a chunk being written, as one node tells another. */
interface RemoteOrHere {
  name: string;
  startMs: number;
  endMs: number;
  initBytes: number;
  completeBytes: number;
  durationSeconds: number;
  videoCodec: string | null;
  /** the node writing it (null: this one) */
  nodeId: string | null;
}

interface GrowingNow extends Omit<RemoteOrHere, 'nodeId'> {
  path: string;
  fragments: number;
}

function toInProgressChunk(cameraId: number, chunk: GrowingNow): InProgressChunk {
  return {
    camera_id: cameraId,
    name: chunk.name,
    start_unix: Math.floor(chunk.startMs / 1000),
    end_unix: Math.ceil(chunk.endMs / 1000),
    start_time: new Date(chunk.startMs).toISOString(),
    end_time: new Date(chunk.endMs).toISOString(),
    duration_seconds: chunk.durationSeconds,
    size_bytes: chunk.completeBytes,
    init_bytes: chunk.initBytes,
    video_codec: chunk.videoCodec,
    url: `/api/v1/recordings/${cameraId}/in-progress/${chunk.name}`,
  };
}

function notFoundAsNull(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

export function toChunk(row: RecordingRow): RecordingChunk {
  return {
    id: row.id,
    camera_id: row.camera_id,
    start_unix: Math.floor(row.start_ms / 1000),
    end_unix: Math.ceil(row.end_ms / 1000),
    start_time: new Date(row.start_ms).toISOString(),
    end_time: new Date(row.end_ms).toISOString(),
    duration_seconds: row.duration_seconds,
    size_bytes: row.size_bytes,
    url: `/api/v1/recordings/${row.camera_id}/chunks/${row.id}.mp4`,
  };
}

/** Whether any of the chunk files holds video other than H.264 (read from their init sections). */
async function anyNotH264(paths: string[]): Promise<boolean> {
  for (const path of paths) if ((await initSection(path))?.videoCodec !== 'h264') return true;
  return false;
}
