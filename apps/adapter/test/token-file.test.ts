// The token file the adapter and the recorder share (DATA_DIR/adapter.token, issue #15 item 13): created once,
// 0600, whole or not at all; processes that create it at the same moment all end up with the same token.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { adapterTokenPath, loadOrCreateAdapterToken } from '@nvr/contracts';

const work = mkdtempSync(join(tmpdir(), 'adapter-token-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A process that loads or creates the token when it reads a line on stdin, and prints it. */
function contender(path: string) {
  const script =
    "const { loadOrCreateAdapterToken } = await import('@nvr/contracts');" +
    "process.stdout.write('ready\\n');" +
    "process.stdin.once('data', () => { process.stdout.write(loadOrCreateAdapterToken(process.argv[1]) + '\\n'); process.exit(0); });";
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script, path],
    { cwd: new URL('..', import.meta.url).pathname, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n')) resolve();
    }),
  );
  return {
    ready,
    go: () => child.stdin.write('go\n'),
    token: once(child, 'exit').then(() => out.slice('ready\n'.length).trim()),
  };
}

describe('the shared adapter token file', () => {
  it('is created 0600 once and read back afterwards', () => {
    const path = adapterTokenPath(join(work, 'once'));
    const token = loadOrCreateAdapterToken(path);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(loadOrCreateAdapterToken(path), token);
    assert.deepEqual(readdirSync(join(work, 'once')), ['adapter.token'], 'no temporary file is left');
  });

  it('services starting at the same moment agree on one token', async () => {
    const path = adapterTokenPath(join(work, 'race'));
    const contenders = Array.from({ length: 4 }, () => contender(path));
    await Promise.all(contenders.map((c) => c.ready));
    for (const c of contenders) c.go();
    const tokens = await Promise.all(contenders.map((c) => c.token));
    assert.equal(new Set(tokens).size, 1, tokens.join(' '));
    assert.equal(readFileSync(path, 'utf8').trim(), tokens[0]);
    assert.deepEqual(readdirSync(join(work, 'race')), ['adapter.token']);
  });

  it('an operator-written token is used as it is; a file that holds none is refused by name', () => {
    const dir = join(work, 'operator');
    const path = adapterTokenPath(dir);
    loadOrCreateAdapterToken(path);
    writeFileSync(path, 'chosen-by-the-operator\n');
    assert.equal(loadOrCreateAdapterToken(path), 'chosen-by-the-operator');
    writeFileSync(path, 'two words\n');
    assert.throws(
      () => loadOrCreateAdapterToken(path),
      (error: Error) => {
        assert.match(error.message, /adapter\.token does not hold a bearer token/);
        assert.ok(!error.message.includes('two words'));
        return true;
      },
    );
  });
});
