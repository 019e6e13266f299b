// Process entry: config → token → app → listen; SIGTERM/SIGINT close the server, then the workers.
import { adapterTokenPath, loadOrCreateAdapterToken } from '@nvr/contracts';
import { buildApp } from './app.js';
import { ConfigError, isLoopbackHost, loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}

// Never open: without ADAPTER_TOKEN, every call but /health needs the token the recorder reads from the same
// DATA_DIR (created by whichever of the two starts first).
const tokenFile = adapterTokenPath(config.dataDir);
const token = config.token ?? loadOrCreateAdapterToken(tokenFile);
// buildApp checks what only the models folder can say (DETECTOR names a working detector).
const app = await buildApp(
  { ...config, token },
  { captionApiKey: process.env.CAPTION_API_KEY?.trim() || null },
).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
});
await app.listen({ host: config.host, port: config.port });
if (config.token === null && !isLoopbackHost(config.host)) {
  app.log.warn(
    { host: config.host, tokenFile },
    'listening beyond loopback with the generated token: callers on other machines need it ' +
      '(Authorization: Bearer; on a recorder elsewhere ADAPTER_TOKEN_<NAME>), or set ADAPTER_TOKEN on both sides; ' +
      'ADAPTER_HOST=127.0.0.1 keeps the adapter on this machine',
  );
}

let closing = false;
const shutDown = (reason: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'shutting down');
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
// Started by `npm start` (scripts/start-all.mjs) with an IPC channel: when that launcher is gone, so are we.
if (process.connected) process.on('disconnect', () => shutDown('launcher exited'));
