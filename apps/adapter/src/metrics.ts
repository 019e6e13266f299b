// Prometheus text exposition for the few series ADAPTER.md names; no client library needed for this.
const BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export class Metrics {
  private readonly inferTotal = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();

  recordInfer(task: string, outcome: string, seconds?: number): void {
    const key = `task="${esc(task)}",outcome="${esc(outcome)}"`;
    this.inferTotal.set(key, (this.inferTotal.get(key) ?? 0) + 1);
    if (seconds === undefined) return;
    let h = this.latency.get(task);
    if (!h) this.latency.set(task, (h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) h.counts[i]!++;
    });
    h.sum += seconds;
    h.count++;
  }

  render(gauges: {
    models: { name: string; loaded: boolean }[];
    inflight: number;
    queueDepth: number;
  }): string {
    const out: string[] = [];
    out.push(
      '# HELP adapter_infer_total Inference requests by task and outcome.',
      '# TYPE adapter_infer_total counter',
    );
    for (const [labels, n] of this.inferTotal) out.push(`adapter_infer_total{${labels}} ${n}`);
    out.push(
      '# HELP adapter_infer_latency_seconds End-to-end inference latency.',
      '# TYPE adapter_infer_latency_seconds histogram',
    );
    for (const [task, h] of this.latency) {
      const t = `task="${esc(task)}"`;
      BUCKETS.forEach((b, i) =>
        out.push(`adapter_infer_latency_seconds_bucket{${t},le="${b}"} ${h.counts[i]}`),
      );
      out.push(`adapter_infer_latency_seconds_bucket{${t},le="+Inf"} ${h.count}`);
      out.push(
        `adapter_infer_latency_seconds_sum{${t}} ${h.sum}`,
        `adapter_infer_latency_seconds_count{${t}} ${h.count}`,
      );
    }
    out.push(
      '# HELP adapter_model_loaded 1 when the model is loaded in the workers.',
      '# TYPE adapter_model_loaded gauge',
    );
    for (const m of gauges.models)
      out.push(`adapter_model_loaded{model="${esc(m.name)}"} ${m.loaded ? 1 : 0}`);
    out.push(
      '# HELP adapter_inflight_requests Jobs running in workers.',
      '# TYPE adapter_inflight_requests gauge',
    );
    out.push(`adapter_inflight_requests ${gauges.inflight}`);
    out.push('# HELP adapter_queue_depth Jobs waiting for a worker.', '# TYPE adapter_queue_depth gauge');
    out.push(`adapter_queue_depth ${gauges.queueDepth}`);
    return `${out.join('\n')}\n`;
  }
}

function esc(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
