#!/usr/bin/env node
// Runs the node:test suites of the given workspaces (default: all) with TypeScript loaded through tsx.
// A workspace may ship scripts/test-setup.mjs (fixtures, test media); it runs once before its tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('-'));
const targets = workspaces.length ? workspaces : ['packages/contracts', 'apps/recorder', 'apps/adapter'];

function findTests(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const files = [];
for (const ws of targets) {
  const setup = join(root, ws, 'scripts', 'test-setup.mjs');
  if (existsSync(setup)) {
    const result = spawnSync(process.execPath, [setup], { stdio: 'inherit', cwd: root });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  files.push(...findTests(join(root, ws, 'src')), ...findTests(join(root, ws, 'test')));
}
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const args = [
  '--conditions=source',
  '--import',
  'tsx',
  '--test',
  `--test-concurrency=${concurrency}`,
  ...passThrough,
  ...files.sort(),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
