// config → container → app → listen. SIGTERM/SIGINT close the HTTP server first, then the pipelines (each
// ffmpeg closes its chunk, which is indexed) and the database last.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createContainer } from './container.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const container = await createContainer(config);
  const bootstrap = await container.users.bootstrapAdmin(config.auth.adminPassword);
  if (bootstrap.password !== undefined) announceInitialAdmin(config, bootstrap.password);

  const app = await buildApp(container);
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down');
    // A part that hangs must not keep the process (and a service manager) waiting for ever.
    setTimeout(() => {
      app.log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    try {
      await app.close();
      await container.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by `npm start` (scripts/start-all.mjs) with an IPC channel: when that launcher is gone, so are we.
  if (process.connected) process.on('disconnect', () => void stop('launcher exited'));

  await app.listen({ host: config.host, port: config.port });
  await container.start();
}

/** Shown once on first start; also kept in a 0600 file so a service manager's lost stdout is not fatal. */
function announceInitialAdmin(config: Config, password: string): void {
  const file = join(config.dataDir, 'initial-admin-password');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  process.stdout.write(
    `\nCreated the first superuser.\n  username: admin\n  password: ${password}\n` +
      `(also written to ${file}; change it after logging in)\n\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
