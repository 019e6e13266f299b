// Where a camera may make the recorder connect. Cameras live on the LAN (private addresses are fine), but the
// recorder's own machine and its link are not a user's to reach: a camera at 127.0.0.1:8554 could read another
// user's restreamed camera, one at 127.0.0.1:9100 the AI adapter, one at 169.254.169.254 a cloud host's
// metadata. Only a superuser (who runs the machine anyway) may point a camera at loopback, link-local,
// unspecified, multicast or reserved addresses — a go2rtc restream on the same machine is common. The check runs
// when an address or URL is saved, and again when a pipeline connects for a camera a plain user owns (a host
// name may resolve elsewhere by then).
import type { Principal } from '../../platform/auth/principal.js';
import { superuserRequiredFor } from '../../platform/auth/guards.js';
import { HOST_INTERNAL_SCOPES, addressScope, resolveHost } from '../../platform/net/address-scope.js';

export type Resolver = (host: string) => Promise<string[]>;

/** The URL's host, or the address itself for a bare host (ip_address). */
function hostOf(value: string): string {
  try {
    return new URL(value).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return value;
  }
}

export class CameraHostPolicy {
  constructor(
    /** whether the user is an active superuser now */
    private readonly isSuperuser: (userId: number) => Promise<boolean>,
    private readonly resolve: Resolver = resolveHost,
  ) {}

  /**
   * For a save by a plain user: 403 naming the first field whose host is this machine or its link. `fields`
   * maps a field's location to its new value (a URL or a bare host); null/undefined values are skipped.
   */
  async checkSave(
    principal: Principal,
    fields: ReadonlyArray<readonly [loc: (string | number)[], value: string | null | undefined]>,
  ): Promise<void> {
    if (principal.isSuperuser) return;
    for (const [loc, value] of fields) {
      if (!value) continue;
      const refusal = await this.#refusal(hostOf(value));
      if (refusal) throw superuserRequiredFor(loc, refusal);
    }
  }

  /** At connect time: why a camera of this owner may not be read from this URL now, or null. */
  /**
   * Whether the ffmpeg reading a camera of this owner runs with the connection guard (media/ffmpeg/connect-guard.ts):
   * the rule holds for every address it connects to, not only the one its URL names.
   */
  async needsConnectGuard(ownerId: number): Promise<boolean> {
    return !(await this.isSuperuser(ownerId));
  }

  async connectRefusal(ownerId: number, url: string): Promise<string | null> {
    if (await this.isSuperuser(ownerId)) return null;
    return this.#refusal(hostOf(url));
  }

  async #refusal(host: string): Promise<string | null> {
    for (const address of await this.resolve(host)) {
      const scope = addressScope(address);
      if (!HOST_INTERNAL_SCOPES.has(scope)) continue;
      const label = scope.replace('_', '-');
      const what = `${host === address ? host : `${host} (${address})`} is ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label} address`;
      return `${what}: only a superuser may point a camera at the recorder's own machine or its local link`;
    }
    return null;
  }
}
