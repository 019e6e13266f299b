// Which part of the network an address belongs to, so that the recorder never connects on a user's behalf to
// what that user could not reach themselves: this machine (loopback, unspecified), its link (link-local, cloud
// metadata at 169.254.169.254), multicast or reserved space. Private LAN ranges are where cameras and home
// automation live; they are told apart so that callers which must stay on the internet (cloud providers) can
// refuse them too.
import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type AddressScope =
  'loopback' | 'unspecified' | 'link_local' | 'multicast' | 'reserved' | 'private' | 'public';

const RANGES: ReadonlyArray<readonly [Exclude<AddressScope, 'public'>, ReadonlyArray<string>]> = [
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['link_local', ['169.254.0.0/16', 'fe80::/10']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  ['reserved', ['240.0.0.0/4']],
  // RFC 1918, carrier-grade NAT (Tailscale and other overlays live there), IPv6 unique local addresses
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7']],
];

const LISTS = RANGES.map(([scope, subnets]) => {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return [scope, list] as const;
});

/** The scope of an IP literal (IPv4-mapped IPv6 is judged as the IPv4 address it carries). */
export function addressScope(ip: string): AddressScope {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const address = mappedIPv4(bare) ?? bare;
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${ip}`);
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [scope, list] of LISTS) if (list.check(address, type)) return scope;
  return 'public';
}

/** The IPv4 address inside an IPv4-mapped IPv6 address, dotted (`::ffff:1.2.3.4`) or hex (`::ffff:102:304`). */
function mappedIPv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Scopes that mean "this machine or its link": only a superuser may point the recorder there. */
export const HOST_INTERNAL_SCOPES: ReadonlySet<AddressScope> = new Set([
  'loopback',
  'unspecified',
  'link_local',
  'multicast',
  'reserved',
]);

/**
 * A name under the special-use domain `invalid.`, which never resolves (RFC 6761 §6.4): it is answered "not
 * found" at once instead of being sent to a DNS server, whose lost queries cost seconds each.
 */
export function isInvalidName(host: string): boolean {
  return /(^|\.)invalid\.?$/i.test(host);
}

/**
 * Every address a host name (or IP literal) stands for. A name that does not resolve gives an empty list:
 * the connection would fail anyway, and the check is repeated when one is made.
 */
export async function resolveHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  if (isInvalidName(bare)) return [];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** Every scope but `public`: what a user-chosen endpoint that must stay on the internet may not reach. */
export const NON_PUBLIC_SCOPES: ReadonlySet<AddressScope> = new Set([...HOST_INTERNAL_SCOPES, 'private']);

/** A connection refused because of where the address is. `code` lets it travel as a socket error. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly scope: AddressScope,
  ) {
    const kind = `${scope === 'unspecified' ? 'an' : 'a'} ${scope.replace('_', '-')} address`;
    super(host === address ? `${address} is ${kind}` : `${host} resolves to ${kind} (${address})`);
    this.name = 'AddressRefusedError';
  }
}

/** The refusal for an IP literal host (which node:net connects to without a lookup), or null. */
export function refuseLiteral(host: string, refused: ReadonlySet<AddressScope>): AddressRefusedError | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return null;
  const scope = addressScope(bare);
  return refused.has(scope) ? new AddressRefusedError(bare, bare, scope) : null;
}

/**
 * A `lookup` for node:net/http/https that fails when any address of the name is in a refused scope. The socket
 * connects to what this lookup answered, so the check holds for the address actually used: a name that
 * resolves differently between a check and the connection (DNS rebinding) cannot slip through. IP literals are
 * not looked up by node:net; check them with `refuseLiteral`.
 */
export function guardedLookup(refused: ReadonlySet<AddressScope>): LookupFunction {
  return (hostname, options, callback) => {
    if (isInvalidName(hostname)) {
      return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '');
    }
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const { address } of addresses) {
        const scope = addressScope(address);
        if (refused.has(scope)) return callback(new AddressRefusedError(hostname, address, scope), '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
