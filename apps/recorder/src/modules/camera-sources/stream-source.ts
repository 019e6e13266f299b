// Which URL the recorder connects to, applying the transport-security policy of API.md §5:
//   rtsps_required    only ever RTSPS: a plain rtsp:// source is upgraded to rtsps://, never used as is
//   rtsps_preferred   RTSPS when the probe said `supported`, else plaintext with a warning
//   plaintext_allowed the URL as given
// An upgrade goes to the port the last probe connected to (the config's transport_security_probe_port), or to 322
// when no probe has run yet.
import type { StreamInput } from '../../media/ffmpeg/args.js';
import { DEFAULT_RTSPS_PORT } from '../../media/tls-probe.js';
import type { CameraConfigRow } from '../../platform/db/schema.js';

export interface SourcePlan {
  url: string;
  /** shown as the camera's stream_warning while it streams this way */
  warning: string | null;
}

export type SourceDecision = { ok: true; plan: SourcePlan } | { ok: false; error: string };

export function planSource(
  rawUrl: string | null,
  policy: string,
  probeResult: string,
  probedPort: number | null,
): SourceDecision {
  if (!rawUrl) return { ok: false, error: 'No stream URL: set the camera rtsp_url or the config source_url' };
  const url = new URL(rawUrl);
  if (url.protocol === 'rtsps:') return { ok: true, plan: { url: url.toString(), warning: null } };
  const upgrade = () => {
    url.protocol = 'rtsps:';
    url.port = String(probedPort ?? DEFAULT_RTSPS_PORT);
    return url.toString();
  };
  if (policy === 'rtsps_required') {
    if (url.protocol !== 'rtsp:') {
      return {
        ok: false,
        error: `Transport security requires RTSPS, and a ${url.protocol}// source cannot use it`,
      };
    }
    return { ok: true, plan: { url: upgrade(), warning: null } };
  }
  if (policy === 'rtsps_preferred' && url.protocol === 'rtsp:') {
    if (probeResult === 'supported') return { ok: true, plan: { url: upgrade(), warning: null } };
    return {
      ok: true,
      plan: {
        url: url.toString(),
        warning: `RTSPS not available (probe: ${probeResult}); streaming in plaintext`,
      },
    };
  }
  return { ok: true, plan: { url: url.toString(), warning: null } };
}

/**
 * Checks an `rtsps://` source's certificate before streaming (the media-source CA bundle, API.md §13): the
 * verdict either refuses the source or lets it through, possibly with a warning. ffmpeg's RTSP client cannot
 * take TLS options itself, so this check is the recorder's.
 */
export type RtspsVerifier = (
  host: string,
  port: number,
) => Promise<{ ok: true; warning?: string } | { ok: false; error: string }>;

/** Why a planned URL may not be connected to (the camera host rules, cameras/camera-hosts.ts), or null. */
export type SourceGuard = (url: string) => Promise<string | null>;

/** The last checks before a pipeline connects: the host rules, then an RTSPS source's certificate. */
export async function verifySource(
  decision: SourceDecision,
  verify?: RtspsVerifier,
  guard?: SourceGuard,
): Promise<SourceDecision> {
  if (!decision.ok) return decision;
  const refusal = guard ? await guard(decision.plan.url) : null;
  if (refusal) return { ok: false, error: refusal };
  if (!verify) return decision;
  const url = new URL(decision.plan.url);
  if (url.protocol !== 'rtsps:') return decision;
  const verdict = await verify(
    url.hostname.replace(/^\[(.*)\]$/, '$1'),
    Number(url.port || DEFAULT_RTSPS_PORT),
  );
  if (!verdict.ok) return verdict;
  const warning = [decision.plan.warning, verdict.warning].filter(Boolean).join('; ') || null;
  return { ok: true, plan: { ...decision.plan, warning } };
}

/**
 * The ffmpeg input for a decided URL: the camera's credentials, the transport (`auto`: TCP first, then UDP on
 * every other attempt) and the config's allow-listed input options as text.
 */
export function streamInput(
  url: string,
  credentials: { username: string | null; password: string | null },
  config: CameraConfigRow | undefined,
  attempt = 0,
  guarded = false,
): StreamInput {
  const transport = config?.rtsp_transport;
  const extra = config?.extra_options ? (JSON.parse(config.extra_options) as Record<string, unknown>) : {};
  return {
    url,
    username: credentials.username,
    password: credentials.password,
    rtspTransport: transport === 'udp' || (transport === 'auto' && attempt % 2 === 1) ? 'udp' : 'tcp',
    extraOptions: Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
    guarded,
  };
}
