// How a test starts one of the repository's TypeScript entry points (a recorder, an adapter) in a child process.
// The suite runs compiled (scripts/compile-tests.mjs): there the entry has its .js beside it and plain node runs
// it; a test file run on its own through tsx has none, and its children go through tsx too.
import { existsSync } from 'node:fs';

/** node's arguments that run `entry` (a .ts path), followed by `args`. */
export function nodeArgs(entry: string, ...args: string[]): string[] {
  const compiled = entry.replace(/\.ts$/, '.js');
  return existsSync(compiled)
    ? ['--conditions=source', '--enable-source-maps', compiled, ...args]
    : ['--conditions=source', '--import', 'tsx', entry, ...args];
}
