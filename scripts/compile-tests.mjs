#!/usr/bin/env node
// Compiles the repository's TypeScript once into a mirror of the checkout (.test-build/), where the test
// processes load plain JavaScript. Under tsx every module a process loads goes through Node's loader hooks, which
// Node 20 runs on a separate thread: measured, that doubles what a recorder test process spends loading its code
// (3.5 s of CPU against 1.6 s for the container), and the suite starts some 140 test processes and many recorders.
//
// The mirror keeps the checkout's layout, so paths tests compute from import.meta.url still hold: each .ts/.tsx
// file becomes a .js file beside a link to the original (its inline source map names the original, so stack traces
// point at the TypeScript), every other file and every directory without TypeScript is a symbolic link to the
// original, node_modules links to the originals except the workspace packages, which point into the mirror, and
// package.json `exports` conditions naming .ts files name the compiled .js instead.
//
// Usage: node scripts/compile-tests.mjs → prints the mirror's root. Rebuilt from scratch each time (about a second).
import { transform } from 'esbuild';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export const MIRROR = join(root, '.test-build');
/** Never mirrored: the VCS, the mirror itself, and scratch data. */
const SKIPPED = new Set(['.git', '.test-build', 'data', 'coverage']);
const TYPESCRIPT = /\.tsx?$/;

/** Whether a directory holds TypeScript to compile somewhere below it (node_modules and dist never do). */
function holdsTypeScript(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && holdsTypeScript(join(dir, entry.name)))
        return true;
    } else if (TYPESCRIPT.test(entry.name) && !entry.name.endsWith('.d.ts')) return true;
  }
  return false;
}

/** node_modules: a link per package, but the workspace links (relative, into the checkout) copied as they are. */
function mirrorNodeModules(source, target) {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      const links = readdirSync(from, { withFileTypes: true });
      const workspace = links.some((link) => link.isSymbolicLink());
      if (!workspace) symlinkSync(from, to);
      else {
        mkdirSync(to);
        for (const link of links) {
          const path = join(from, link.name);
          symlinkSync(link.isSymbolicLink() ? readlinkSync(path) : path, join(to, link.name));
        }
      }
    } else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else symlinkSync(from, to);
  }
}

/** package.json with `exports` that name TypeScript files pointed at the compiled JavaScript. */
function mirrorPackageJson(source, target) {
  const text = readFileSync(source, 'utf8');
  const manifest = JSON.parse(text);
  if (!manifest.exports) return symlinkSync(source, target);
  const retarget = (value) =>
    typeof value === 'string'
      ? value.replace(/\.tsx?$/, '.js')
      : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, retarget(inner)]));
  writeFileSync(target, JSON.stringify({ ...manifest, exports: retarget(manifest.exports) }, null, 2));
}

async function mirror(source, target, compiles) {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' && source === root) mirrorNodeModules(from, to);
      else if (entry.name === 'node_modules' || entry.name === 'dist' || !holdsTypeScript(from))
        symlinkSync(from, to);
      else compiles.push(mirror(from, to, compiles));
    } else if (entry.name === 'package.json') mirrorPackageJson(from, to);
    else {
      symlinkSync(from, to);
      if (TYPESCRIPT.test(entry.name) && !entry.name.endsWith('.d.ts'))
        compiles.push(compile(from, to.replace(TYPESCRIPT, '.js')));
    }
  }
}

async function compile(file, out) {
  const { code } = await transform(readFileSync(file, 'utf8'), {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // As tsx does: function and class names survive (logs, stack traces, and tests that name them).
    keepNames: true,
    sourcemap: 'inline',
    sourcefile: file,
    sourcesContent: false,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
  });
  writeFileSync(out, code);
}

export async function compileTests() {
  rmSync(MIRROR, { recursive: true, force: true });
  const compiles = [];
  await mirror(root, MIRROR, compiles);
  // mirror() pushes while it walks: wait until the list stops growing.
  for (let done = 0; done < compiles.length; done = compiles.length) await Promise.all(compiles.slice(done));
  return MIRROR;
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === '') {
  const started = Date.now();
  const at = await compileTests();
  console.error(`compiled the TypeScript into ${relative(process.cwd(), at)} in ${Date.now() - started} ms`);
  console.log(at);
}
