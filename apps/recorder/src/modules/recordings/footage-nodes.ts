// Where a chunk's file is, in a cluster (docs/cluster.md, "Footage and live view from any node"): here when this
// node recorded it or the file is under this node's RECORDINGS_DIR (a shared mount), otherwise on the disk of the
// node the index names, reached through the node-to-node channel. Requests about footage that lies wholly on one
// other node go there whole; what mixes footage from several nodes is put together here from the others' chunks.
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChunkFile } from '../../media/ffmpeg/export.js';
import { initSection, initSectionOf, type InitSection } from '../../media/mp4.js';
import type { CallerCredentials, Forwarding, NodeProxy } from '../cluster/node-proxy.js';
import type { RecordingRow } from './recordings.repository.js';
import type { InProgressChunk } from './recordings.schemas.js';

/** A chunk and the node whose disk holds it (null: this one, or a shared mount). */
export interface PlacedChunk {
  row: RecordingRow;
  nodeId: string | null;
}

/** How long another node may take to start sending a chunk, a playlist or a picture. */
const FIRST_BYTE_MS = 15_000;
/** The init section of a chunk (ftyp + moov) is a few hundred bytes; this is far more than it needs. */
const INIT_PREFIX_BYTES = 64 * 1024;
/** The description of a chunk being written: a few hundred bytes of JSON. */
const IN_PROGRESS_ANSWER_BYTES = 16 * 1024;

export class FootageNodes {
  constructor(
    private readonly recordingsRoot: string,
    private readonly proxy: NodeProxy,
  ) {}

  async place(rows: RecordingRow[]): Promise<PlacedChunk[]> {
    return Promise.all(rows.map(async (row) => ({ row, nodeId: await this.#nodeOf(row) })));
  }

  /** The other node that holds every one of these chunks, if one does (then the whole request goes there). */
  soleHolder(chunks: PlacedChunk[]): string | null {
    const nodes = new Set(chunks.map((chunk) => chunk.nodeId));
    const [only] = nodes;
    return nodes.size === 1 && only !== null && only !== undefined ? only : null;
  }

  /** A request about footage on one other node, answered there (at most `maxBytes`). */
  forwarding(nodeId: string, maxBytes: number, firstByteMs = FIRST_BYTE_MS): Forwarding {
    return { nodeId, maxBytes, firstByteMs };
  }

  /** The other node that records the camera, if one does: the chunk being written is on its disk. */
  recorderElsewhere(cameraId: number): Promise<string | null> {
    return this.proxy.holderElsewhere(cameraId);
  }

  /** The chunk another node is writing for the camera, as it describes it (null: none there now). */
  async inProgressOn(
    nodeId: string,
    cameraId: number,
    caller: CallerCredentials,
  ): Promise<InProgressChunk | null> {
    const answer = await this.proxy
      .fetchBytes(
        this.forwarding(nodeId, IN_PROGRESS_ANSWER_BYTES),
        `/recordings/${cameraId}/in-progress`,
        caller,
      )
      .catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
    return answer === null ? null : (JSON.parse(answer.toString('utf8')) as InProgressChunk);
  }

  /** A chunk's init section (length, video codec), read from its file here or its first bytes on another node. */
  async initSection(chunk: PlacedChunk, caller: CallerCredentials): Promise<InitSection | null> {
    if (chunk.nodeId === null) return initSection(this.path(chunk.row)).catch(() => null);
    const prefix = await this.proxy.fetchBytes(
      this.forwarding(chunk.nodeId, INIT_PREFIX_BYTES),
      chunkPath(chunk.row),
      caller,
      { start: 0, end: Math.min(INIT_PREFIX_BYTES, chunk.row.size_bytes) - 1 },
    );
    return initSectionOf(prefix);
  }

  /**
   * The chunks as files here, for ffmpeg: those on other nodes copied through the channel into a temporary
   * directory (each at most its indexed size), so ffmpeg only ever reads local files. `dispose` removes the copies.
   */
  async localFiles(
    chunks: PlacedChunk[],
    caller: CallerCredentials,
  ): Promise<{ files: ChunkFile[]; dispose: () => Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'nvr-remote-chunks-'));
    const dispose = () => rm(dir, { recursive: true, force: true });
    try {
      const files: ChunkFile[] = [];
      for (const { row, nodeId } of chunks) {
        let path = this.path(row);
        if (nodeId !== null) {
          path = join(dir, `${row.id}.mp4`);
          await this.proxy.fetchToFile(this.forwarding(nodeId, row.size_bytes), chunkPath(row), caller, path);
        }
        files.push({ path, startMs: row.start_ms, endMs: row.end_ms });
      }
      return { files, dispose };
    } catch (error) {
      await dispose();
      throw error;
    }
  }

  async #nodeOf(row: RecordingRow): Promise<string | null> {
    if (row.node_id === null || row.node_id === this.proxy.nodeId) return null;
    // A shared recordings volume: the other node's file is here too.
    const here = await access(this.path(row)).then(
      () => true,
      () => false,
    );
    return here ? null : row.node_id;
  }

  /** Where the chunk's file is on this node's disk (or the shared mount). */
  path(row: RecordingRow): string {
    return join(this.recordingsRoot, row.path);
  }
}

/** The chunk's download route (under /api/v1), as the other node serves it. */
function chunkPath(row: RecordingRow): string {
  return `/recordings/${row.camera_id}/chunks/${row.id}`;
}
