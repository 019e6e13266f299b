#!/usr/bin/env node
// Builds the connection guard the recorder preloads into the ffmpeg processes that read a plain user's camera
// (native/connect-guard.c; see docs/architecture.md, "Where the recorder connects on a user's behalf"). Run by
// `npm run build`, by the tests' setup and by `npm run dev:*`. Without a C compiler it says so and exits 0: the
// recorder then refuses to read plain users' cameras (superusers' cameras are not guarded) until it is built.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const native = new URL('../native/', import.meta.url).pathname;
const source = join(native, 'connect-guard.c');
const output = join(native, 'build', 'connect-guard.so');

if (existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs) process.exit(0);
mkdirSync(join(native, 'build'), { recursive: true });
const compiler = process.env.CC ?? 'cc';
const result = spawnSync(
  compiler,
  ['-shared', '-fPIC', '-O2', '-Wall', '-Wextra', '-Werror', '-o', output, source, '-ldl'],
  { stdio: 'inherit' },
);
if (result.error || result.status !== 0) {
  console.warn(
    `the connection guard was not built (${result.error?.message ?? `${compiler} exited ${result.status}`}): ` +
      'install a C compiler (apt-get install gcc) and run `npm run build`; until then the recorder does not read ' +
      'the cameras of users who are not superusers',
  );
}
