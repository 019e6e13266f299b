// Who may read a restream, and the upstreams they read (issue #36). A reader signs in with its NVR account — Basic,
// or Digest against the HA1 the users module keeps sealed — throttled like the login (one count per username and
// source, and one per source), and must hold `view` on the camera: an unknown camera, one the user may not view,
// an inactive account and a wrong password all get the same 401. Each reader session is audited and counted in
// its camera's status (`restream_readers`). Each camera stream has at most one upstream, started by its first
// reader and stopped a while after its last one left.
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { PasswordHasher } from '../../platform/crypto/passwords.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { loginSource } from '../auth/login-throttle.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CameraStatusService } from '../cameras/camera-status.service.js';
import type { StreamFacts } from '../camera-runtime/stream-facts.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { UsersService } from '../users/users.service.js';
import { RestreamUpstream } from './restream-upstream.js';
import { DigestChallenges, parseAuthorization, type RtspCredentials } from './rtsp-auth.js';
import type { Admission, RestreamBackend, RestreamTarget } from './rtsp-server.js';
import type { RtspRequest } from './rtsp-request.js';

export interface RestreamOptions {
  ffmpegPath: string;
  /** an upstream nobody reads is stopped after this long (a reader that DESCRIBEs, then PLAYs, finds it running) */
  idleStopMs?: number;
}

/** What a connection keeps of a successful sign-in, so its next requests are checked without the throttle. */
interface Proof {
  ha1: string | null;
  /** the Basic header that was checked */
  basic: string | null;
}

export class RestreamService implements RestreamBackend {
  readonly #challenges = new DigestChallenges();
  readonly #upstreams = new Map<
    string,
    { upstream: Promise<RestreamUpstream>; idle: NodeJS.Timeout | null }
  >();
  readonly #readers = new Map<number, number>();
  #upstreamRuns = 0;
  #closed = false;

  constructor(
    private readonly users: Pick<UsersService, 'findByUsername' | 'digestHa1Of'>,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly status: Pick<CameraStatusService, 'report'>,
    private readonly streams: Pick<StreamHub, 'stream'>,
    private readonly facts: Pick<StreamFacts, 'hasSound'>,
    private readonly options: RestreamOptions,
  ) {}

  /** Restream ffmpeg runs started since start (tests, bench). */
  get upstreamRuns(): number {
    return this.#upstreamRuns;
  }

  readers(cameraId: number): number {
    return this.#readers.get(cameraId) ?? 0;
  }

  challenge(stale: boolean): string[] {
    return this.#challenges.challenge(stale);
  }

  async admit(
    request: RtspRequest,
    target: RestreamTarget,
    client: string,
    previous: Admission | null,
  ): Promise<Admission> {
    const credentials = parseAuthorization(request.headers.get('authorization'));
    if (!credentials) return { ok: false, stale: false };
    if (credentials.scheme === 'digest') {
      if (credentials.uri !== request.uri) return { ok: false, stale: false };
      if (!this.#challenges.nonceValid(credentials.nonce)) return { ok: false, stale: true };
    }
    const user = await this.#authenticate(credentials, request, client, previous);
    if (!user) return { ok: false, stale: false };
    const principal: Principal = {
      userId: user.row.id,
      username: user.row.username,
      isSuperuser: user.row.is_superuser,
    };
    // Unknown, binned or not viewable: the same answer as a wrong password.
    const allowed = await this.access.require(principal, target.cameraId, 'view').then(
      () => true,
      () => false,
    );
    if (!allowed) return { ok: false, stale: false };
    return { ok: true, userId: user.row.id, username: user.row.username, proof: user.proof };
  }

  /** The account behind the credentials, or null; counted by the login throttle unless the connection proved it. */
  async #authenticate(
    credentials: RtspCredentials,
    request: RtspRequest,
    client: string,
    previous: Admission | null,
  ): Promise<{ row: UserRow; proof: Proof } | null> {
    const row = await this.users.findByUsername(credentials.username);
    const known = previous?.ok && row && previous.userId === row.id ? (previous.proof as Proof) : null;
    if (row && known) {
      // This connection signed in already: its next requests are checked locally (the same Basic header, or a
      // Digest response under the HA1 it was checked with), without a throttle count or a password hash each.
      if (!row.is_active) return null;
      if (credentials.scheme === 'basic' && known.basic === request.headers.get('authorization')) {
        return { row, proof: known };
      }
      if (credentials.scheme === 'digest' && known.ha1 !== null) {
        return this.#challenges.verify(credentials, request.method, known.ha1) ? { row, proof: known } : null;
      }
    }
    const key = credentials.username.toLowerCase().slice(0, 255);
    const source = loginSource(client);
    const attempt = await this.throttle.reserve(key, source);
    if (!attempt.allowed) {
      await this.#auditFailure(credentials.username, client, row, 'locked');
      return null;
    }
    let proof: Proof | null = null;
    if (credentials.scheme === 'basic') {
      if (await this.hasher.verify(row?.password_hash, credentials.password)) {
        proof = { ha1: null, basic: request.headers.get('authorization') ?? null };
      }
    } else if (row) {
      // Digest is checked against the stored HA1 only: an account without one (from before issue #36, not
      // signed in since) fails like a wrong password until its next login.
      const ha1 = this.users.digestHa1Of(row);
      if (ha1 !== null && this.#challenges.verify(credentials, request.method, ha1))
        proof = { ha1, basic: null };
    }
    if (!proof || !row) {
      await this.#auditFailure(credentials.username, client, row, 'credentials');
      return null;
    }
    await this.throttle.succeeded(key, source);
    if (!row.is_active) {
      await this.#auditFailure(credentials.username, client, row, 'inactive');
      return null;
    }
    return { row, proof };
  }

  async #auditFailure(
    username: string,
    client: string,
    row: UserRow | undefined,
    reason: 'credentials' | 'locked' | 'inactive',
  ): Promise<void> {
    await this.audit.record(
      { userId: null, username, ip: client, userAgent: null },
      {
        action: 'restream.auth_failed',
        ...(row ? { entityType: 'user', entityId: row.id } : {}),
        details: { username, reason },
      },
    );
  }

  upstream(target: RestreamTarget): Promise<RestreamUpstream> {
    if (this.#closed) return Promise.reject(new Error('the recorder is shutting down'));
    const key = `${target.cameraId}/${target.role}`;
    const existing = this.#upstreams.get(key);
    if (existing) {
      this.#touch(key);
      return existing.upstream;
    }
    const upstream = this.#start(target);
    const entry = { upstream, idle: null };
    this.#upstreams.set(key, entry);
    upstream.then(
      (started) => {
        started.onEnd(() => {
          if (this.#upstreams.get(key) === entry) this.#upstreams.delete(key);
        });
        this.#touch(key);
      },
      () => {
        if (this.#upstreams.get(key) === entry) this.#upstreams.delete(key);
      },
    );
    return upstream;
  }

  async #start(target: RestreamTarget): Promise<RestreamUpstream> {
    const stream = await this.streams.stream(target.cameraId, target.role);
    const audio = await this.facts.hasSound(target.cameraId, target.role);
    const upstream = new RestreamUpstream(stream, { ffmpegPath: this.options.ffmpegPath, audio });
    this.#upstreamRuns += 1;
    await upstream.start();
    return upstream;
  }

  /** (Re)arms the idle stop of an upstream nobody reads. */
  #touch(key: string): void {
    const entry = this.#upstreams.get(key);
    if (!entry) return;
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = setTimeout(() => {
      entry.idle = null;
      void entry.upstream.then(async (upstream) => {
        if (upstream.readers.size > 0) return;
        if (this.#upstreams.get(key) === entry) this.#upstreams.delete(key);
        await upstream.stop();
      });
    }, this.options.idleStopMs ?? 10_000);
    entry.idle.unref();
  }

  playing(target: RestreamTarget, admission: Extract<Admission, { ok: true }>, client: string): () => void {
    const { cameraId } = target;
    this.#count(cameraId, 1);
    void this.audit.record(
      { userId: admission.userId, username: admission.username, ip: client, userAgent: null },
      { action: 'restream.read', entityType: 'camera', entityId: cameraId, details: { stream: target.role } },
    );
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#count(cameraId, -1);
      this.#touch(`${cameraId}/${target.role}`);
    };
  }

  #count(cameraId: number, delta: number): void {
    const readers = this.readers(cameraId) + delta;
    if (readers === 0) this.#readers.delete(cameraId);
    else this.#readers.set(cameraId, readers);
    this.status.report(cameraId, { restream_readers: readers });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const entries = [...this.#upstreams.values()];
    this.#upstreams.clear();
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.idle) clearTimeout(entry.idle);
        await (await entry.upstream.catch(() => null))?.stop();
      }),
    );
  }
}
