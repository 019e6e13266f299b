// `npm run -s verify -- <evidence file> [--key <public key or fingerprint>]` (issue #37, docs/evidence.md): checks an
// evidence export with no server — the manifest's signature, the chain of links to its signed head, and every
// chunk's bytes against its hash. Exits 0 with a summary when everything holds, 1 naming the first problem, 2 when
// it was called wrongly.
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import { checkEvidence } from '../src/platform/crypto/evidence.js';

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run -s verify -- <evidence.zip> [--key <public key or fingerprint>]\n`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
let file: string | null = null;
let key: string | null = null;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--key') {
    key = args[++i] ?? usage('--key needs a value');
  } else if (arg.startsWith('--key=')) key = arg.slice('--key='.length);
  else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
  else if (file === null) file = arg;
  else usage(`one file at a time (${arg})`);
}
if (file === null) usage('which file?');

const files = new Map<string, Buffer>();
try {
  const zip = new AdmZip(readFileSync(file));
  for (const entry of zip.getEntries()) if (!entry.isDirectory) files.set(entry.entryName, entry.getData());
} catch (error) {
  process.stderr.write(`FAILED: ${file} cannot be read as a ZIP: ${(error as Error).message}\n`);
  process.exit(1);
}

const result = checkEvidence(files, key);
if (!result.ok) {
  process.stderr.write(`FAILED: ${result.problem}\n`);
  process.exit(1);
}
const { manifest } = result;
const first = manifest.chunks[0];
const last = manifest.chunks.at(-1);
const lines = [
  `OK: ${file}`,
  `camera ${manifest.camera.id} (${manifest.camera.name}), ${manifest.chunks.length} chunk(s)` +
    (first && last
      ? ` from ${new Date(first.start_ms).toISOString()} to ${new Date(last.end_ms).toISOString()}`
      : ''),
  `every chunk matches its SHA-256 and its link; chain links ${manifest.links[0]!.seq}–${manifest.head.seq} ` +
    `hold, up to the head signed ${new Date(manifest.head.signed_at_ms).toISOString()}` +
    (result.deletions > 0 ? ` (${result.deletions} deletion link(s) among them)` : ''),
  `exported ${manifest.exported_at} by ${manifest.exported_by.username} (user ${manifest.exported_by.user_id})`,
  `signing key fingerprint: ${result.fingerprint}`,
];
if (result.keyFromFile)
  lines.push(
    'NOTE: checked against the key the file carries: this proves only that the file is consistent. Compare the',
    "fingerprint above with the one written down from the recorder's system page, or pass it with --key.",
  );
else lines.push('the signatures hold with the key given.');
process.stdout.write(lines.join('\n') + '\n');
