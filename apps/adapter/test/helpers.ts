// Test helpers: a private data dir per app, real fixture photos, and an adapter started in-process.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type AdapterApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const FIXTURES = new URL('../../../test-fixtures/adapter/', import.meta.url).pathname;

export function fixture(name: string): Buffer {
  const path = join(FIXTURES, name);
  if (!existsSync(path)) throw new Error(`missing ${path}: run node apps/adapter/scripts/test-setup.mjs`);
  return readFileSync(path);
}

export interface TestAdapter {
  app: AdapterApp;
  url: string;
  dataDir: string;
  framesDir: string;
  modelsDir: string;
  /** Copies fixture photos into FRAMES_DIR; returns their frame:// URIs. */
  addFrames(...names: string[]): string[];
  close(): Promise<void>;
}

export interface StartOptions {
  /** Listen address (default 127.0.0.1). */
  host?: string;
  /** Log lines are handed here as parsed JSON (default: no logging). */
  logLines?: Record<string, any>[];
}

export async function startAdapter(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestAdapter> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adapter-test-'));
  const framesDir = join(dataDir, 'frames');
  const modelsDir = join(dataDir, 'models');
  mkdirSync(framesDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADAPTER_WORKERS: '1',
    ADAPTER_PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const lines = options.logLines;
  const logger = lines
    ? { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }
    : false;
  const app = await buildApp(config, { logger });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: 0 });
  const { port } = app.server.address() as { port: number };
  const address = `http://127.0.0.1:${port}`;
  return {
    app,
    url: address,
    dataDir,
    framesDir,
    modelsDir,
    addFrames: (...names) =>
      names.map((n) => {
        copyFileSync(join(FIXTURES, n), join(framesDir, n));
        return `frame://${n}`;
      }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

export async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/**
 * Resolves once `predicate` holds. The worker pool emits no events, so it looks again every 10 ms: a timer, not
 * setImmediate, leaves the core to the inference workers and the server it waits for.
 */
export async function until(predicate: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const insideFrame = (bbox: number[], frame: { width: number; height: number }) =>
  bbox.length === 4 &&
  bbox.every((v) => Number.isInteger(v)) &&
  bbox[0]! >= 0 &&
  bbox[1]! >= 0 &&
  bbox[2]! <= frame.width &&
  bbox[3]! <= frame.height &&
  bbox[0]! < bbox[2]! &&
  bbox[1]! < bbox[3]!;
