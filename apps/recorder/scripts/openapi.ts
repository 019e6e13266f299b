// Writes the recorder's OpenAPI document to apps/recorder/openapi.json (`npm run openapi`), or, with --check,
// fails when that committed file differs from a fresh generation or the document breaks a lint rule
// (`npm run check`). The web app's typed client is generated from the committed file.
//
// The app is built in-process on a throwaway data directory and SQLite file with a fixed environment: no server
// listens, nothing of the user's data directory or environment (limits, ports) is read, so the document is the
// same on every machine.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { formatProblems, getTotals, lintFromString, loadConfig } from '@redocly/openapi-core';
import { buildApp } from '../src/app.js';
import { loadConfig as loadRecorderConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';

const recorderDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(recorderDir, '../..');
const documentPath = join(recorderDir, 'openapi.json');
const lintConfigPath = join(repoRoot, 'redocly.yaml');

/** The document as the running recorder serves it at /openapi.json, as pretty JSON with a final newline. */
async function generate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-openapi-'));
  try {
    const config = loadRecorderConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'openapi.sqlite')}`,
      LOG_LEVEL: 'silent',
    });
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    const container = await createContainer(config, { logStream: silent });
    try {
      const app = await buildApp(container);
      await app.ready();
      const document = sortedPaths(app.swagger() as unknown as Record<string, unknown>);
      await app.close();
      return `${JSON.stringify(document, null, 2)}\n`;
    } finally {
      await container.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Paths in alphabetical order, so that moving a route's registration does not reorder the file. */
function sortedPaths(document: Record<string, unknown>): Record<string, unknown> {
  const paths = document.paths as Record<string, unknown>;
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]]),
  );
  return { ...document, paths: sorted };
}

/**
 * Redocly's rules (redocly.yaml, with the exceptions of .redocly.lint-ignore.yaml) on the document's text, linted
 * as the committed file so that the exceptions apply; prints the problems and returns their totals.
 */
async function lintDocument(text: string): Promise<{ errors: number; warnings: number }> {
  const config = await loadConfig({ configPath: lintConfigPath });
  const problems = (await lintFromString({ source: text, absoluteRef: documentPath, config })).filter(
    (problem) => !problem.ignored,
  );
  const totals = getTotals(problems);
  if (problems.length > 0) formatProblems(problems, { totals, format: 'stylish', color: false });
  return { errors: totals.errors, warnings: totals.warnings };
}

/** 1-based number of the first line where two texts differ. */
function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const index = left.findIndex((line, i) => line !== right[i]);
  return (index === -1 ? left.length : index) + 1;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const document = await generate();
  const shown = relative(process.cwd(), documentPath);
  const { errors, warnings } = await lintDocument(document);
  if (!check) {
    writeFileSync(documentPath, document);
    console.log(`wrote ${shown} (OpenAPI lint: ${errors} errors, ${warnings} warnings)`);
    return errors > 0 || warnings > 0 ? 1 : 0;
  }

  let committed: string | undefined;
  try {
    committed = readFileSync(documentPath, 'utf8');
  } catch {
    committed = undefined;
  }
  let failed = false;
  if (committed !== document) {
    console.error(
      `${shown} is ${committed === undefined ? 'missing' : 'stale'}: it differs from what the routes document ` +
        `now${committed === undefined ? '' : ` (first at line ${firstDifference(committed, document)})`}. ` +
        'Run `npm run openapi` and commit the file.',
    );
    failed = true;
  }
  if (errors > 0 || warnings > 0) {
    console.error(`OpenAPI lint: ${errors} errors, ${warnings} warnings (rules: redocly.yaml)`);
    failed = true;
  }
  if (!failed) console.log(`${shown} is up to date and passes the OpenAPI lint`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
