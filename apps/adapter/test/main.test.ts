// The process entry point: bad configuration is reported in full; SIGTERM shuts down cleanly.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'adapter-main-'));

function start(env: Record<string, string>) {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', ADAPTER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('main', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 2 listing every invalid variable', async () => {
    const child = start({ ADAPTER_PORT: 'abc', ADAPTER_QUEUE_SIZE: '-1' });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 2);
    assert.match(stderr, /ADAPTER_PORT=abc/);
    assert.match(stderr, /ADAPTER_QUEUE_SIZE=-1/);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const child = start({ LOG_LEVEL: 'info' });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    assert.equal((await fetch(`${url}/health`)).status, 200);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number];
    assert.equal(code, 0);
  });
});
