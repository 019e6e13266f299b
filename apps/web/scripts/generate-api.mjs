#!/usr/bin/env node
// The web app's API types, generated from the recorder's OpenAPI document (apps/recorder/openapi.json, written
// by `npm run openapi`) into src/api/schema.d.ts. Runs in the web build; with --check (part of `npm run check`)
// it fails when the committed file differs from what the document gives.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const web = new URL('..', import.meta.url);
const documentFile = new URL('../recorder/openapi.json', web);
const typesFile = new URL('src/api/schema.d.ts', web);

const HEADER =
  '// Generated from apps/recorder/openapi.json by apps/web/scripts/generate-api.mjs: do not edit.\n' +
  "// `npm run openapi` writes both after a change of the recorder's routes.\n\n";

const document = JSON.parse(readFileSync(documentFile, 'utf8'));
const generated = HEADER + astToString(await openapiTS(document));

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(typesFile, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (committed !== generated) {
    console.error('apps/web/src/api/schema.d.ts is stale: run `npm run openapi` and commit the file.');
    process.exit(1);
  }
} else {
  writeFileSync(typesFile, generated);
}
