// WS-Discovery (2005/04, the version ONVIF requires): one Probe for NetworkVideoTransmitter devices sent as
// SOAP-over-UDP to 239.255.255.250:3702 from each chosen IPv4 interface, and the ProbeMatches answering that
// Probe collected for a bounded time. Devices answer unicast to the sending socket. Anything else arriving there
// (oversized or malformed datagrams, answers to other probes) is ignored.
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { networkInterfaces } from 'node:os';
import { SOAP_ENV_NS, localName } from './soap.js';
import { child, childrenNamed, escapeXml, parseXml, path, textOf } from './xml.js';
import type { XmlElement } from './xml.js';

export const DISCOVERY_MULTICAST_ADDRESS = '239.255.255.250';
export const DISCOVERY_PORT = 3702;
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 3000;
export const MAX_DISCOVERY_TIMEOUT_MS = 10_000;
/** A ProbeMatch is a few kB; a datagram larger than this is not one we read. */
const MAX_DATAGRAM_BYTES = 16 * 1024;
/** Enough for any site; a flood of distinct endpoints stops being collected here. */
const MAX_DEVICES = 256;

const ADDRESSING_NS = 'http://schemas.xmlsoap.org/ws/2004/08/addressing';
const DISCOVERY_NS = 'http://schemas.xmlsoap.org/ws/2005/04/discovery';
const NETWORK_NS = 'http://www.onvif.org/ver10/network/wsdl';
const ANONYMOUS = `${ADDRESSING_NS}/role/anonymous`;
const DISCOVERY_TO = 'urn:schemas-xmlsoap-org:ws:2005:04:discovery';

export interface DiscoveredDevice {
  /** Endpoint reference address (usually `urn:uuid:…`): the device's stable identity. */
  endpoint: string;
  /** The IPv4 address the answer came from. */
  source_address: string;
  types: string[];
  /** Every scope URI as sent. */
  scopes: string[];
  /** From the ONVIF scopes `onvif://www.onvif.org/name/…`, `/hardware/…`, `/location/…`, URL-decoded. */
  name: string | null;
  hardware: string | null;
  location: string | null;
  /** Device service URLs (http/https only). */
  xaddrs: string[];
}

export interface DiscoveryOptions {
  timeoutMs?: number;
  /** IPv4 addresses of this machine's interfaces to probe from; default every IPv4 interface. */
  interfaces?: string[];
}

/** This machine's IPv4 interface addresses, loopback included (an ONVIF service on this host is a device too). */
export function ipv4Interfaces(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry?.family === 'IPv4')
    .map((entry) => entry.address);
}

export function probeMessage(messageId: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<s:Envelope xmlns:s="${SOAP_ENV_NS}" xmlns:a="${ADDRESSING_NS}" xmlns:d="${DISCOVERY_NS}" xmlns:dn="${NETWORK_NS}">` +
    '<s:Header>' +
    `<a:Action s:mustUnderstand="1">${DISCOVERY_NS}/Probe</a:Action>` +
    `<a:MessageID>${escapeXml(messageId)}</a:MessageID>` +
    `<a:ReplyTo><a:Address>${ANONYMOUS}</a:Address></a:ReplyTo>` +
    `<a:To s:mustUnderstand="1">${DISCOVERY_TO}</a:To>` +
    '</s:Header>' +
    '<s:Body><d:Probe><d:Types>dn:NetworkVideoTransmitter</d:Types></d:Probe></s:Body>' +
    '</s:Envelope>'
  );
}

/** Sends one Probe per interface and resolves after `timeoutMs` with every distinct device that answered it. */
export async function discoverDevices(options: DiscoveryOptions = {}): Promise<DiscoveredDevice[]> {
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS, MAX_DISCOVERY_TIMEOUT_MS);
  const messageId = `urn:uuid:${randomUUID()}`;
  const probe = Buffer.from(probeMessage(messageId), 'utf8');
  const devices = new Map<string, DiscoveredDevice>();

  const onMessage = (datagram: Buffer, from: dgram.RemoteInfo) => {
    if (datagram.length > MAX_DATAGRAM_BYTES || devices.size >= MAX_DEVICES) return;
    for (const device of readProbeMatches(datagram.toString('utf8'), messageId, from.address)) {
      if (!devices.has(device.endpoint)) devices.set(device.endpoint, device);
    }
  };

  const sockets = await Promise.all(
    (options.interfaces ?? ipv4Interfaces()).map((address) => probeFrom(address, probe, onMessage)),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, timeoutMs));
  } finally {
    for (const socket of sockets) if (socket) closeQuietly(socket);
  }
  return [...devices.values()].sort((a, b) => a.source_address.localeCompare(b.source_address));
}

/**
 * A socket bound to the interface address (answers come back to it) sending the probe out of that interface.
 * An interface that cannot send (gone, no multicast route) is skipped: the others may still find devices.
 */
async function probeFrom(
  address: string,
  probe: Buffer,
  onMessage: (datagram: Buffer, from: dgram.RemoteInfo) => void,
): Promise<dgram.Socket | null> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', onMessage);
  socket.on('error', () => closeQuietly(socket));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, address, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.setMulticastInterface(address);
    socket.setMulticastTTL(1);
    await new Promise<void>((resolve, reject) =>
      socket.send(probe, DISCOVERY_PORT, DISCOVERY_MULTICAST_ADDRESS, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    return socket;
  } catch {
    closeQuietly(socket);
    return null;
  }
}

function closeQuietly(socket: dgram.Socket): void {
  try {
    socket.close();
  } catch {
    // already closed after an error
  }
}

/** The devices of a ProbeMatches answering `messageId`; [] for anything else. */
export function readProbeMatches(text: string, messageId: string, sourceAddress: string): DiscoveredDevice[] {
  let envelope: XmlElement;
  try {
    envelope = parseXml(text);
  } catch {
    return [];
  }
  if (envelope.name !== 'Envelope') return [];
  if (textOf(path(envelope, 'Header', 'RelatesTo')) !== messageId) return [];
  const matches = childrenNamed(path(envelope, 'Body', 'ProbeMatches'), 'ProbeMatch');
  const devices: DiscoveredDevice[] = [];
  for (const match of matches) {
    const endpoint = textOf(path(match, 'EndpointReference', 'Address'));
    if (!endpoint) continue;
    const scopes = words(child(match, 'Scopes'));
    devices.push({
      endpoint,
      source_address: sourceAddress,
      types: words(child(match, 'Types')).map(localName),
      scopes,
      name: onvifScope(scopes, 'name'),
      hardware: onvifScope(scopes, 'hardware'),
      location: onvifScope(scopes, 'location'),
      xaddrs: words(child(match, 'XAddrs')).filter(isHttpUrl),
    });
  }
  return devices;
}

function words(element: XmlElement | undefined): string[] {
  return (textOf(element) ?? '').split(/\s+/).filter(Boolean);
}

/** The rest of the first `onvif://www.onvif.org/<kind>/…` scope, URL-decoded; null without one. */
function onvifScope(scopes: string[], kind: string): string | null {
  const prefix = `onvif://www.onvif.org/${kind}/`;
  const scope = scopes.find((s) => s.toLowerCase().startsWith(prefix));
  if (!scope) return null;
  const raw = scope.slice(prefix.length);
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
