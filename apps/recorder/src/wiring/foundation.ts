// What every other family is handed: the log, secrets, the database, both buses, sign-in, audit and users. The
// cluster repository is opened here too: the shared-secret check needs it before anything else is built.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { AuditService } from '../modules/audit/audit.service.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';
import { checkClusterSecrets } from '../modules/cluster/cluster-secrets.js';
import { ClusterRepository } from '../modules/cluster/cluster.repository.js';
import type { RecorderEventBus, RecorderEvents } from '../modules/recorder-events.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService, type SessionRevoker } from '../modules/users/users.service.js';
import { DigestCredentials } from '../modules/users/digest-credentials.js';
import { JwtService } from '../platform/auth/jwt.js';
import { TicketService } from '../platform/auth/tickets.js';
import { loadOrCreateSecretFile } from '../platform/crypto/key-file.js';
import { PasswordHasher } from '../platform/crypto/passwords.js';
import { SecretBox } from '../platform/crypto/secret-box.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { EventBus } from '../platform/events/event-bus.js';
import { EventStore } from '../platform/events/event-store.js';
import { InternalEvents } from '../platform/events/internal-events.js';
import type { Part } from '../platform/lifecycle.js';
import { createLogger } from '../platform/logging.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface FoundationOverrides {
  logStream?: NodeJS.WritableStream;
  passwordHasher?: PasswordHasher;
  loginClock?: () => number;
  refreshClock?: () => number;
}

export async function wireFoundation(config: Config, overrides: FoundationOverrides) {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const logger = createLogger(config.logLevel, overrides.logStream);
  // Before the migrations: one of them seals what an earlier version stored in plaintext.
  const secretBox = config.masterKey
    ? SecretBox.fromString(config.masterKey)
    : new SecretBox(loadOrCreateSecretFile(join(config.dataDir, 'master.key'), 32));
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database, { secretBox });
  } catch (error) {
    await database.close();
    throw error;
  }

  // The bus comes first: every service that reports something publishes through it.
  const events = new EventBus(new EventStore(database.db), {
    retentionMs: config.events.retentionDays * 24 * 3600 * 1000,
    // PostgreSQL: clients get every recorder's events, in the database's order (event-relay.ts)
    notifications: database.notifications,
  });
  // In-process change notifications between modules (modules/recorder-events.ts): each module that follows a
  // change registers its handlers in its own *.reactions.ts, listed in the start list of container.ts.
  const internalEvents: RecorderEventBus = new InternalEvents<RecorderEvents>((event, error) =>
    logger.error({ err: error, event }, 'a reaction to an internal event failed'),
  );

  const jwtSecret = config.auth.jwtSecret
    ? Buffer.from(config.auth.jwtSecret, 'utf8')
    : loadOrCreateSecretFile(join(config.dataDir, 'jwt.secret'), 64);
  const jwt = new JwtService(jwtSecret);
  const clusterRepository = new ClusterRepository(database.db, database.dialect);
  // Nodes sharing a database must share these secrets too: a node with others refuses to start, saying which.
  try {
    await checkClusterSecrets(clusterRepository, secretBox, jwtSecret);
  } catch (error) {
    await database.close();
    throw error;
  }
  // Tickets carry their user's token epoch (`users` is bound below, before any ticket is issued).
  const tickets = new TicketService(jwt, (userId) => users.tokenEpochOf(userId));
  const hasher = overrides.passwordHasher ?? new PasswordHasher();

  const audit = new AuditService(new AuditRepository(database.db));
  // Users and auth need each other (auth looks users up; users end sessions): the late binding breaks the cycle.
  const sessions: SessionRevoker = { revokeAllSessions: (userId: number) => auth.revokeAllSessions(userId) };
  const users = new UsersService(
    new UsersRepository(database.db),
    hasher,
    audit,
    sessions,
    new DigestCredentials(secretBox),
  );
  const authRepository = new AuthRepository(database.db);
  const loginThrottle = new LoginThrottle(authRepository, overrides.loginClock ?? Date.now);
  const auth: AuthService = new AuthService(
    users,
    authRepository,
    loginThrottle,
    jwt,
    tickets,
    hasher,
    audit,
    config.auth,
    overrides.refreshClock,
  );

  return {
    logger,
    secretBox,
    database,
    events,
    internalEvents,
    /** the shared secret of the nodes: it also signs the requests one node forwards to another */
    jwtSecret,
    clusterRepository,
    tickets,
    audit,
    users,
    auth,
    hasher,
    loginThrottle,
    parts: {
      eventLog: { name: 'event log', start: () => events.start(), stop: () => events.close() },
      signInHousekeeping: { name: 'sign-in housekeeping', start: () => auth.removeExpired() },
    } satisfies Record<string, Part>,
  };
}
