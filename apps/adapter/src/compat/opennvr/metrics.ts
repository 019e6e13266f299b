// /compat/opennvr/metrics: the contract's baseline series (§3.4) for the requests made through this surface —
// `adapter_infer_total{task, outcome}` with the SDK's closed outcome set (ok, model_error, provider_error,
// transport_error, refused), `adapter_infer_latency_seconds`, `adapter_model_loaded`, `adapter_inflight_requests`,
// `adapter_queue_depth` (from the shared worker pool), `adapter_stream_connections_active`, and
// `adapter_model_info` carrying the identity KAI-C records. The exposition code is the native Metrics class.
import { Metrics } from '../../metrics.js';
import { COMPAT_TASKS } from './tasks.js';

/** Prometheus label value escaping (backslash, quote, newline). */
const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const KNOWN_TASKS = new Set(COMPAT_TASKS.map((t) => t.name));

export class CompatMetrics {
  private readonly series = new Metrics();
  private streams = 0;

  /**
   * Task names come from clients: anything not served here is one `other` label (bounded cardinality); `""` is a
   * request refused before its task was read, as upstream's SDK labels it.
   */
  record(task: string, outcome: string, seconds?: number): void {
    this.series.recordInfer(task === '' || KNOWN_TASKS.has(task) ? task : 'other', outcome, seconds);
  }

  streamOpened(): void {
    this.streams++;
  }

  streamClosed(): void {
    this.streams = Math.max(0, this.streams - 1);
  }

  get activeStreams(): number {
    return this.streams;
  }

  render(gauges: {
    models: { name: string; loaded: boolean }[];
    inflight: number;
    queueDepth: number;
    identity: Record<string, string>;
  }): string {
    const info = Object.entries(gauges.identity)
      .map(([k, v]) => `${k}="${esc(v)}"`)
      .join(',');
    return [
      this.series.render(gauges).trimEnd(),
      '# HELP adapter_stream_connections_active Open /compat/opennvr/infer/stream WebSockets.',
      '# TYPE adapter_stream_connections_active gauge',
      `adapter_stream_connections_active ${this.streams}`,
      '# HELP adapter_model_info Model identity; the labels are the payload, the value is always 1.',
      '# TYPE adapter_model_info gauge',
      `adapter_model_info{${info}} 1`,
      '',
    ].join('\n');
  }
}
