// Which ports the RTSPS probe (API.md §5) may knock on for a user who is not a superuser. The probe answers
// whether a TLS handshake completed, which also tells an open port from a closed or silent one: free to choose
// the port, it scans the camera's host. Users who manage a camera may probe the ports the camera is configured
// with on the host the probe goes to (the explicit or scheme-default ports of its stream URLs there, and its
// `port` when that host is its `ip_address`), the RTSPS default and the port an earlier probe recorded; any
// other port needs a superuser.
import { superuserRequiredFor } from '../../platform/auth/guards.js';
import { DEFAULT_RTSPS_PORT } from '../../media/tls-probe.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { CameraConfigRow } from './camera-config.repository.js';

const SCHEME_PORTS: Record<string, number> = {
  'rtsp:': 554,
  'rtsps:': DEFAULT_RTSPS_PORT,
  'rtmp:': 1935,
  'http:': 80,
  'https:': 443,
};

type CameraPorts = Pick<CameraRow, 'ip_address' | 'port' | 'rtsp_url' | 'substream_url'>;
type ConfigPorts = Pick<CameraConfigRow, 'source_url' | 'transport_security_probe_port'>;

/** The ports of `host` this camera is configured with, as the probe may use them. */
export function configuredProbePorts(
  host: string | null,
  camera: CameraPorts,
  config: ConfigPorts,
): Set<number> {
  const ports = new Set([DEFAULT_RTSPS_PORT]);
  if (config.transport_security_probe_port !== null) ports.add(config.transport_security_probe_port);
  if (host === null) return ports;
  if (camera.ip_address === host) ports.add(camera.port);
  for (const value of [config.source_url, camera.rtsp_url, camera.substream_url]) {
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (url.hostname.replace(/^\[(.*)\]$/, '$1') !== host) continue;
    const port = url.port !== '' ? Number(url.port) : SCHEME_PORTS[url.protocol];
    if (port !== undefined) ports.add(port);
  }
  return ports;
}

/** 403 naming `port` unless the camera is configured with it (callers let superusers through). */
export function requireConfiguredProbePort(
  host: string | null,
  port: number,
  camera: CameraPorts,
  config: ConfigPorts,
): void {
  const allowed = configuredProbePorts(host, camera, config);
  if (allowed.has(port)) return;
  throw superuserRequiredFor(
    ['query', 'port'],
    `port ${port} is not one this camera is configured with (${[...allowed].sort((a, b) => a - b).join(', ')}); ` +
      'only a superuser may probe other ports',
  );
}
