// Prometheus text exposition of the adapter's series (docs/metrics.md; ADAPTER.md names the first five). Written
// by hand rather than with prom-client: the series are few, and the OpenNVR compat surface renders its own
// baseline through this same class synchronously (compat/opennvr/metrics.ts). `promtool check metrics` passes on
// the output (test/metrics.test.ts). Every label is bounded: task and model names come from the catalogue (an
// unknown task is one `unknown` label), workers are numbered.
const BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  labels: string;
  counts: number[];
  sum: number;
  count: number;
}

export interface MetricsGauges {
  models: { name: string; loaded: boolean }[];
  inflight: number;
  queueDepth: number;
  /** seconds each inference worker has spent on jobs (native /metrics; utilisation = its rate) */
  workerBusySeconds?: number[];
}

export class Metrics {
  private readonly inferTotal = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();

  /**
   * One request of a task with its outcome; a success also has its latency, and — on the native API — the
   * model(s) that served it (the compat surface's baseline has no model label).
   */
  recordInfer(task: string, outcome: string, seconds?: number, model?: string): void {
    const key = `task="${esc(task)}",outcome="${esc(outcome)}"`;
    this.inferTotal.set(key, (this.inferTotal.get(key) ?? 0) + 1);
    if (seconds === undefined) return;
    const labels = `task="${esc(task)}"${model === undefined ? '' : `,model="${esc(model)}"`}`;
    let h = this.latency.get(labels);
    if (!h) this.latency.set(labels, (h = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) h.counts[i]!++;
    });
    h.sum += seconds;
    h.count++;
  }

  render(gauges: MetricsGauges): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) =>
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family('adapter_infer_total', 'counter', 'Inference requests by task and outcome.');
    for (const [labels, n] of this.inferTotal) out.push(`adapter_infer_total{${labels}} ${n}`);
    family('adapter_infer_latency_seconds', 'histogram', 'End-to-end inference latency.');
    for (const h of this.latency.values()) {
      BUCKETS.forEach((b, i) =>
        out.push(`adapter_infer_latency_seconds_bucket{${h.labels},le="${b}"} ${h.counts[i]}`),
      );
      out.push(`adapter_infer_latency_seconds_bucket{${h.labels},le="+Inf"} ${h.count}`);
      out.push(
        `adapter_infer_latency_seconds_sum{${h.labels}} ${h.sum}`,
        `adapter_infer_latency_seconds_count{${h.labels}} ${h.count}`,
      );
    }
    family('adapter_model_loaded', 'gauge', '1 when the model is loaded in the workers.');
    for (const m of gauges.models)
      out.push(`adapter_model_loaded{model="${esc(m.name)}"} ${m.loaded ? 1 : 0}`);
    family('adapter_inflight_requests', 'gauge', 'Jobs running in workers.');
    out.push(`adapter_inflight_requests ${gauges.inflight}`);
    family('adapter_queue_depth', 'gauge', 'Jobs waiting for a worker.');
    out.push(`adapter_queue_depth ${gauges.queueDepth}`);
    if (gauges.workerBusySeconds) {
      family('adapter_workers', 'gauge', 'Inference worker threads.');
      out.push(`adapter_workers ${gauges.workerBusySeconds.length}`);
      family(
        'adapter_worker_busy_seconds_total',
        'counter',
        'Seconds each inference worker spent running jobs; its rate is the worker utilisation (0-1).',
      );
      gauges.workerBusySeconds.forEach((seconds, worker) =>
        out.push(`adapter_worker_busy_seconds_total{worker="${worker}"} ${seconds}`),
      );
    }
    return `${out.join('\n')}\n`;
  }
}

function esc(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
