#!/usr/bin/env node
// Runs the node:test suites of the given workspaces (default: all), compiled once from TypeScript.
// A workspace may ship scripts/test-setup.mjs (fixtures, test media); it runs once before its tests.
// Database suites also run on PostgreSQL: TEST_PG_URL names a server, or — when Debian's PostgreSQL server is
// installed — a throwaway one is started (scripts/start-test-postgres.sh). TEST_PG_URL=off skips PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileTests } from './compile-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const workspaces = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('-'));
const targets = workspaces.length
  ? workspaces
  : ['packages/contracts', 'apps/recorder', 'apps/adapter', 'apps/web'];

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

const env = { ...process.env };
if (env.TEST_PG_URL === 'off') delete env.TEST_PG_URL;
else if (!env.TEST_PG_URL && existsSync('/usr/lib/postgresql')) {
  const started = spawnSync('bash', [join(root, 'scripts', 'start-test-postgres.sh')], { encoding: 'utf8' });
  if (started.status === 0) env.TEST_PG_URL = started.stdout.trim();
  else if (env.CI) {
    // CI must run the PostgreSQL suites: a server that does not start fails the run instead of skipping them.
    console.error(`PostgreSQL did not start: ${started.stderr.trim()}`);
    process.exit(1);
  } else console.error(`PostgreSQL tests skipped: ${started.stderr.trim()}`);
}
console.log(env.TEST_PG_URL ? `PostgreSQL suites on ${env.TEST_PG_URL}` : 'PostgreSQL suites skipped');

// The longest files start first, so that no long file starts last and runs on alone at the end (three at a time,
// the suite took 70 s longer than its files' times allow). Order only: a file not listed (or renamed) runs after
// these, in name order. Measured in one run of the whole suite (seconds, 2026-11-29, session 6).
const LONGEST = [
  'apps/web/test/recordings.test.ts', // 124
  'apps/web/test/live.test.ts', // 114
  'apps/recorder/test/cluster.test.ts', // 106
  'apps/recorder/test/camera-zoo.test.ts', // 87
  'apps/recorder/test/motion-gating.test.ts', // 79
  'apps/recorder/test/footage.test.ts', // 78
  'apps/web/test/review.test.ts', // 76
  'apps/web/test/ai.test.ts', // 70
  'apps/recorder/test/cluster-footage.test.ts', // 61
  'apps/recorder/test/camera-stream.test.ts', // 58
  'apps/recorder/test/restream.test.ts', // 57
  'apps/recorder/test/recording.test.ts', // 56
  'apps/recorder/test/ai-detection.test.ts', // 56 on SQLite, more on PostgreSQL
  'apps/web/test/admin.test.ts', // 51
  'apps/web/test/live-tiles.test.ts', // 50
  'apps/web/test/camera-admin.test.ts', // 47
  'apps/web/test/camera-settings.test.ts', // 44
  'apps/recorder/test/storage.test.ts', // 44
  'apps/web/test/faces.test.ts', // 44
  'apps/web/test/onvif-onboarding.test.ts', // 42
  'apps/web/test/daily-loop.test.ts', // 40
  'apps/web/test/events-alerts.test.ts', // 36
  'apps/web/test/web-app.test.ts', // 32
  'apps/recorder/test/stream-targets.test.ts', // 32
  'apps/recorder/test/recording-crash.test.ts', // 31
];

function longestFirst(list) {
  const rank = (file) => (LONGEST.includes(file) ? LONGEST.indexOf(file) : LONGEST.length);
  return [...list].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// The files run compiled, from a mirror of the checkout (scripts/compile-tests.mjs: tsx's loader thread doubled
// what each test process spent loading code); TEST_COMPILE=off runs them through tsx as they are.
let loader = ['--import', 'tsx'];
let testFiles = longestFirst(files);
if (env.TEST_COMPILE !== 'off') {
  const mirror = await compileTests();
  loader = ['--enable-source-maps'];
  testFiles = testFiles.map((file) => join(relative(root, mirror), file.replace(/\.tsx?$/, '.js')));
}

// Three files at once on a 2-core machine: most suites wait on cameras, clocks and browsers rather than compute
// (measured: 1,075 tests took 1,043 s two at a time; see the closing notes for three).
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
const args = [
  '--conditions=source',
  ...loader,
  '--test',
  `--test-concurrency=${concurrency}`,
  ...passThrough,
  ...testFiles,
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root, env });
process.exit(result.status ?? 1);
