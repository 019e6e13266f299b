#!/usr/bin/env node
// `npm start`: runs the recorder (8000) and the AI adapter (9100) side by side from their built output
// (`node scripts/start-all.mjs recorder` runs one of them; `--dev` runs the sources, for `npm run dev:*`).
// Stopping: SIGTERM or SIGINT (what `docker stop`, systemd and Ctrl-C send; `npm start` passes them on because
// its script `exec`s this one) is passed to both services, which stop their pipelines cleanly; this process
// exits once both have. If either service stops, the other is stopped too and the exit code is kept. Nothing is
// left behind if this process itself dies: each service has an IPC channel to it and stops when that closes,
// and this process stops the services when its own parent goes away.
// Logs: one JSON object per line, pretty-printed when the terminal is a TTY.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const SERVICES = {
  recorder: 'apps/recorder',
  adapter: 'apps/adapter',
};
const args = process.argv.slice(2);
// --dev: from the TypeScript sources through tsx (`npm run dev:*`), instead of the built output.
const dev = args.includes('--dev');
const wanted = args.filter((arg) => arg !== '--dev');
const unknown = wanted.filter((name) => !(name in SERVICES));
if (unknown.length > 0) {
  console.error(`unknown service ${unknown.join(', ')}; choose from ${Object.keys(SERVICES).join(', ')}`);
  process.exit(2);
}
const pretty = process.stdout.isTTY === true;
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS = { 40: '\u001b[33m', 50: '\u001b[31m', 60: '\u001b[31m' };

// From the sources (`--dev`) nothing was built: the recorder's connection guard is built here (a no-op when current).
if (dev && (wanted.length === 0 || wanted.includes('recorder')))
  spawnSync(process.execPath, ['apps/recorder/scripts/build-native.mjs'], { cwd: root, stdio: 'inherit' });

let stopping = false;
let exitCode = 0;
const children = (wanted.length > 0 ? wanted : Object.keys(SERVICES)).map((name) => {
  const entry = dev
    ? ['--conditions=source', '--import', 'tsx', `${SERVICES[name]}/src/main.ts`]
    : [`${SERVICES[name]}/dist/main.js`];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: process.env,
    stdio: ['ignore', pretty ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  });
  if (pretty)
    createInterface({ input: child.stdout }).on('line', (line) => console.log(prettyLine(name, line)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? code}); stopping the other service`);
    stop('SIGTERM', code ?? 1);
  });
  return child;
});

function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// Orphaned (the shell or npm above was killed): stop rather than run on unattended.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1000).unref();

await Promise.all(children.map((child) => new Promise((resolve) => child.once('close', resolve))));
process.exit(exitCode);

/** `12:04:05 INFO  recorder  message  key=value …`; lines that are not JSON pass unchanged. */
function prettyLine(service, line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const { level, time, msg, ...rest } = entry;
  delete rest.pid;
  delete rest.hostname;
  const clock = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  const label = (LEVELS[level] ?? String(level)).padEnd(5);
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const color = COLORS[level] ?? '';
  return `${clock} ${color}${label}${color ? '\u001b[0m' : ''} ${service.padEnd(8)} ${msg ?? ''}${fields ? `  ${fields}` : ''}`;
}
