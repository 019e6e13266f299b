// `npm run verify` as a person runs it on an evidence file (docs/evidence.md): its exit code and what it printed.
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = dirname(realpathSync(new URL('../../../../package.json', import.meta.url)));

export async function verifyEvidence(
  file: string,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/recorder/scripts/verify-evidence.ts', file, ...args],
      { cwd: ROOT },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}
