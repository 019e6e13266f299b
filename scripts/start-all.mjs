#!/usr/bin/env node
// `npm start`: runs the recorder (8000) and the AI adapter (9100) side by side from their built output.
// Signals are passed on; if either service stops, the other is stopped too and the exit code is kept.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const services = [
  ['recorder', 'apps/recorder/dist/main.js'],
  ['adapter', 'apps/adapter/dist/main.js'],
];

const children = services.map(([name, entry]) => {
  const child = spawn(process.execPath, [entry], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? code}); stopping the other service`);
    stop('SIGTERM', code ?? 1);
  });
  return child;
});

let stopping = false;
let exitCode = 0;
function stop(signal, code = 0) {
  stopping = true;
  exitCode = code;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

await Promise.all(children.map((child) => new Promise((resolve) => child.once('close', resolve))));
process.exit(exitCode);
