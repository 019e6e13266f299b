#!/usr/bin/env node
// Before the web app's tests: the recorder serves apps/web/dist, so build it when a source is newer than the build
// (CI has just built it; a developer who changed a screen gets the change tested).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = new URL('..', import.meta.url).pathname;
const built = join(web, 'dist', 'index.html');

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/compress-dist.mjs'].map((name) =>
  join(web, name),
);
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  console.log('building the web app for its tests');
  // As `npm run build` does after generating the API types (checked by `npm run check`): bundle, then compress.
  for (const command of [
    ['npx', 'vite', 'build', '--logLevel', 'warn'],
    ['node', 'scripts/compress-dist.mjs'],
  ]) {
    const result = spawnSync(command[0], command.slice(1), { cwd: web, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
