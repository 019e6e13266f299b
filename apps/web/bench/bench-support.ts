// What the web benches share: the admin's password and sign-in, a median, and footage made by recording a test
// camera through the recorder (whole 10 s chunks) and filed under the paths the recording engine derives.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { api } from '../../recorder/bench/harness.js';

export const ADMIN_PASSWORD = 'bench-admin-password';

/** A real recorded chunk: hard-linked wherever a seeded row needs footage. */
export interface RealChunk {
  file: string;
  durationSeconds: number;
  sizeBytes: number;
}

interface ChunkJson {
  start_time: string;
  duration_seconds: number;
  size_bytes: number;
}

export async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Where the recording engine files a chunk starting at `startMs`, relative to the recordings root. */
export function chunkPath(cameraId: number, startMs: number): string {
  const day = new Date(startMs).toISOString().slice(0, 10).split('-');
  return join(`cam-${cameraId}`, ...day, `${startMs}.mp4`);
}

export async function addCamera(base: string, token: string, name: string, rtspUrl: string): Promise<number> {
  const created = await api(base, '/api/v1/cameras?force=true', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, ip_address: '127.0.0.1', rtsp_url: rtspUrl }),
  });
  return created.id as number;
}

/** The source camera records through the recorder until it has 3 whole 10 s chunks; then it stops. */
export async function recordRealChunks(
  base: string,
  token: string,
  recordingsDir: string,
  rtspUrl: string,
): Promise<RealChunk[]> {
  const id = await addCamera(base, token, 'Source', rtspUrl);
  const configure = (recording: boolean) =>
    api(base, `/api/v1/camera-config/${id}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({
        transport_security: 'plaintext_allowed',
        recording_enabled: recording,
        recording_segment_seconds: 10,
      }),
    });
  await configure(true);
  let whole: ChunkJson[] = [];
  for (let waited = 0; whole.length < 3; waited++) {
    if (waited > 90) throw new Error('the source camera did not record 3 whole chunks in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const chunks = (await api(base, `/api/v1/recordings/${id}`, { token })) as unknown as ChunkJson[];
    whole = chunks.filter((chunk) => Math.abs(chunk.duration_seconds - 10) < 0.5);
  }
  await configure(false);
  return whole.map((chunk) => ({
    file: join(recordingsDir, chunkPath(id, Date.parse(chunk.start_time))),
    durationSeconds: chunk.duration_seconds,
    sizeBytes: chunk.size_bytes,
  }));
}
