#!/usr/bin/env node
// Import circles in the TypeScript sources of the apps (part of `npm run lint`). Fails when
//   - two files import each other, directly or round a longer circle (type-only imports count too), or
//   - two recorder modules (apps/recorder/src/modules/<name>, or the top-level folders media/, platform/) need
//     each other at run time, directly or round a longer circle.
// Type-only imports between modules may go both ways: the typed event map (modules/recorder-events.ts) names
// the payloads of the modules that publish through it, and a service may name another's type it is handed.
// Relative imports are read as text; nothing is run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const sourceRoots = ['apps/recorder/src', 'apps/adapter/src', 'apps/web/src'].map((dir) => join(root, dir));
const recorderSrc = join(root, 'apps/recorder/src');

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** `./x.js` as written in an import → the .ts/.tsx file it names. */
function targetOf(file, specifier, known) {
  const base = resolve(dirname(file), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => known.has(path)) ?? null;
}

/** Only types named: `import type …`, or braces of which every name is `type X`. */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const braces = clause?.match(/^\{([^}]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function importGraph(srcRoot) {
  const files = sourceFiles(srcRoot);
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    const list = [];
    for (const [, typeKeyword, clause, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = targetOf(file, specifier, known);
      if (target) list.push({ target, runtime: !typeOnly(typeKeyword, clause?.trim()) });
    }
    edges.set(file, list);
  }
  return edges;
}

/** The strongly connected groups of more than one node (Tarjan). */
function circles(nodes, next) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const other of next(node)) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node), low.get(other)));
      } else if (onStack.has(other)) low.set(node, Math.min(low.get(node), index.get(other)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/** modules/<name>, or the top-level folder (media, platform…), or the top-level file itself. */
function moduleOf(srcRoot, file) {
  const parts = relative(srcRoot, file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, '');
}

const problems = [];
for (const srcRoot of sourceRoots) {
  const edges = importGraph(srcRoot);
  const app = relative(root, srcRoot);
  for (const group of circles(edges.keys(), (file) => edges.get(file).map((edge) => edge.target))) {
    problems.push(`${app}: files import each other: ${group.map((f) => relative(srcRoot, f)).join(' ⇄ ')}`);
  }
  if (srcRoot !== recorderSrc) continue;
  const moduleEdges = new Map();
  for (const [file, list] of edges) {
    const from = moduleOf(srcRoot, file);
    for (const { target, runtime } of list) {
      const to = moduleOf(srcRoot, target);
      if (!runtime || from === to) continue;
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
    }
  }
  const modules = new Set([...moduleEdges.keys(), ...[...moduleEdges.values()].flatMap((s) => [...s])]);
  for (const group of circles(modules, (name) => moduleEdges.get(name) ?? [])) {
    problems.push(`${app}: modules need each other at run time: ${group.join(' ⇄ ')}`);
  }
}

if (problems.length > 0) {
  console.error(`Import circles:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('No import circles.');
