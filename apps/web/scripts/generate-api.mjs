#!/usr/bin/env node
// The web app's API types and field bounds, generated from the recorder's OpenAPI document
// (apps/recorder/openapi.json, written by `npm run openapi`) into src/api/schema.d.ts, src/api/bounds.ts and
// src/api/eventTypes.ts. Runs in the web build; with --check (part of `npm run check`) it fails when a committed
// file differs from what the document gives.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const web = new URL('..', import.meta.url);
const documentFile = new URL('../recorder/openapi.json', web);
const typesFile = new URL('src/api/schema.d.ts', web);
const boundsFile = new URL('src/api/bounds.ts', web);
const eventTypesFile = new URL('src/api/eventTypes.ts', web);

const HEADER =
  '// Generated from apps/recorder/openapi.json by apps/web/scripts/generate-api.mjs: do not edit.\n' +
  "// `npm run openapi` writes them after a change of the recorder's routes.\n\n";

const document = JSON.parse(readFileSync(documentFile, 'utf8'));
const generated = {
  [typesFile.pathname]: HEADER + astToString(await openapiTS(document)),
  [boundsFile.pathname]: HEADER + boundsModule(document),
  [eventTypesFile.pathname]: HEADER + eventTypesModule(document),
};

/**
 * The event types the recorder publishes, from the schema titled `EventType` (an event's `type`): the live stream
 * and the stored-event queries name every one, and each screen's table of titles is typed by it.
 */
function eventTypesModule(openapi) {
  const find = (node) => {
    if (!node || typeof node !== 'object') return null;
    if (node.title === 'EventType' && Array.isArray(node.enum)) return node.enum;
    for (const child of Object.values(node)) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const types = find(openapi.paths);
  if (!types) throw new Error('the OpenAPI document has no schema titled EventType');
  return (
    `export const EVENT_TYPES = ${JSON.stringify(types, null, 2)} as const;\n\n` +
    'export type EventType = (typeof EVENT_TYPES)[number];\n'
  );
}

/** What the recorder enforces on each field of a JSON request body, by operationId: forms check the same. */
function boundsModule(openapi) {
  const KEPT = [
    'type',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'pattern',
    'enum',
    'maxItems',
    'nullable',
  ];
  const kept = (property) =>
    Object.fromEntries(KEPT.filter((key) => key in property).map((key) => [key, property[key]]));
  /** A body's fields; a nested object's fields follow it as `parent.child` (the name a 422's `loc` gives). */
  const fieldsOf = (schema, prefix, parentRequired) => {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).flatMap(([name, property]) => {
      const bounds = {
        ...kept(property),
        // A list's items have bounds of their own (one text line per item in a form).
        ...(property.type === 'array' && property.items?.type === 'string'
          ? { items: kept(property.items) }
          : {}),
        // "required" with a default means the server fills it in: the form may leave it empty.
        required: parentRequired && required.has(name) && !('default' in property) && !property.nullable,
      };
      const nested = property.type === 'object' && property.properties;
      return [
        [prefix + name, bounds],
        ...(nested ? fieldsOf(property, `${prefix}${name}.`, bounds.required) : []),
      ];
    });
  };
  const bodies = {};
  for (const operations of Object.values(openapi.paths)) {
    for (const operation of Object.values(operations)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!operation.operationId || !schema?.properties) continue;
      bodies[operation.operationId] = Object.fromEntries(fieldsOf(schema, '', true));
    }
  }
  return (
    "import type { FieldBounds } from './field-bounds';\n\n" +
    `export const requestBounds = ${JSON.stringify(bodies, null, 2)} as const satisfies Record<string, Record<string, FieldBounds>>;\n`
  );
}

let stale = false;
for (const [file, text] of Object.entries(generated)) {
  if (!process.argv.includes('--check')) {
    writeFileSync(file, text);
    continue;
  }
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (committed !== text) {
    console.error(`${file} is stale: run \`npm run openapi\` and commit it.`);
    stale = true;
  }
}
if (stale) process.exit(1);
