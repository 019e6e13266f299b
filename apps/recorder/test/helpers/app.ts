// An in-process recorder on a fresh database and data directory, driven through app.inject.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createContainer, type Container, type ContainerOverrides } from '../../src/container.js';
import type { DialectName } from '../../src/platform/db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const ADMIN_PASSWORD = 'admin-pass-for-tests';
export const USER_PASSWORD = 'Str0ng-pass-phrase';

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  config: Config;
  /** every log line written so far */
  logs: () => string;
  /** access token of the bootstrap superuser */
  adminToken: string;
  /** the bootstrap superuser's password: ADMIN_PASSWORD, or the one generated with `generatedAdminPassword` */
  adminPassword: string;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string }>;
  /** creates a user through the API and returns it with a fresh access token */
  createUser(
    username: string,
    options?: { superuser?: boolean; password?: string },
  ): Promise<{ id: number; token: string; password: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    dialect?: DialectName;
    env?: Record<string, string>;
    /** extra routes for platform tests, registered before the app is ready */
    routes?: (app: FastifyInstance) => void;
    overrides?: ContainerOverrides;
    /** an existing database (a restart on the same data, or a second node); the caller drops it */
    database?: TestDatabase;
    /** a first start without ADMIN_PASSWORD: the recorder generates the admin's password */
    generatedAdminPassword?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(options.dialect ?? 'sqlite'));
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // No RTSP restream unless a test asks for one (each would take port 8554).
    RTSP_PORT: '0',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD,
    // A recorder started again on a database, or beside another, has its secrets (docs/cluster.md).
    ...(options.database ? options.database.secrets : {}),
    ...options.env,
  });
  const logStream = new PassThrough();
  const chunks: Buffer[] = [];
  logStream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const container = await createContainer(config, { logStream, ...options.overrides });
  const bootstrap = await container.users.bootstrapAdmin(
    options.generatedAdminPassword ? undefined : config.auth.adminPassword,
  );
  const adminPassword = bootstrap.password ?? ADMIN_PASSWORD;
  await container.start();
  const app = await buildApp(container);
  options.routes?.(app);
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login: TestApp['login'] = async (username, password) => {
    const response = await request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const adminToken = (await login('admin', adminPassword)).access_token;

  return {
    app,
    container,
    config,
    logs: () => Buffer.concat(chunks).toString('utf8'),
    adminToken,
    adminPassword,
    request,
    login,
    async createUser(username, { superuser = false, password = USER_PASSWORD } = {}) {
      const response = await request({
        method: 'POST',
        url: '/api/v1/users',
        token: adminToken,
        payload: { username, password, is_superuser: superuser },
      });
      if (response.statusCode !== 201) throw new Error(`create user failed: ${response.body}`);
      const { id } = response.json<{ id: number }>();
      return { id, password, token: (await login(username, password)).access_token };
    },
    async close() {
      await app.close();
      await container.close();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
