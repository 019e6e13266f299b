// Debian's Prometheus for tests (package `prometheus`, see .ci/apt-packages.txt): `promtool` checks expositions
// and rule files, and a real server started on a free loopback port scrapes the services under test.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './net-servers.js';

export interface ToolResult {
  code: number | null;
  output: string;
}

/** Runs a tool to its end, `input` on its stdin; stdout and stderr together. */
export function runTool(command: string, args: string[], input?: string): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
    child.stdin.end(input ?? '');
  });
}

/** `promtool check metrics`: the exposition's format and the naming lint (exit 0 and nothing said = clean). */
export const checkMetrics = (exposition: string) => runTool('promtool', ['check', 'metrics'], exposition);

/**
 * One sample's value from an exposition: the series `name` whose labels include `labels` (exactly one must
 * match); null when none does.
 */
export function sample(exposition: string, name: string, labels: Record<string, string> = {}): number | null {
  const values = samples(exposition, name, labels);
  if (values.length > 1)
    throw new Error(`${values.length} series of ${name} match ${JSON.stringify(labels)}`);
  return values[0] ?? null;
}

/** The values of every series `name` whose labels include `labels`. */
export function samples(exposition: string, name: string, labels: Record<string, string> = {}): number[] {
  const out: number[] = [];
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value))
      out.push(Number(match[3]));
  }
  return out;
}

export interface ScrapeTarget {
  job: string;
  /** host:port */
  address: string;
  bearerToken: string;
}

export interface PrometheusServer {
  url: string;
  /** resolves once every target's last scrape succeeded (health `up`), or fails naming the ones that did not */
  targetsUp(timeoutMs: number): Promise<void>;
  /** an instant PromQL query through the HTTP API: each series' labels and value */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  /** the alerting and recording rules loaded, with each one's evaluation health */
  rules(): Promise<{ name: string; health: string; lastError?: string }[]>;
  close(): Promise<void>;
}

/**
 * A Prometheus server scraping `targets` every `scrapeIntervalSeconds` (rules evaluated as often), with its own
 * config and storage; `ruleFiles` are loaded as they are.
 */
export async function startPrometheus(
  targets: ScrapeTarget[],
  scrapeIntervalSeconds: number,
  ruleFiles: string[] = [],
): Promise<PrometheusServer> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-prometheus-'));
  const config = [
    'global:',
    `  scrape_interval: ${scrapeIntervalSeconds}s`,
    `  scrape_timeout: ${scrapeIntervalSeconds}s`,
    `  evaluation_interval: ${scrapeIntervalSeconds}s`,
    ...(ruleFiles.length > 0
      ? ['rule_files:', ...ruleFiles.map((file) => `  - ${JSON.stringify(file)}`)]
      : []),
    'scrape_configs:',
    ...targets.flatMap((target) => [
      `  - job_name: ${target.job}`,
      '    authorization:',
      `      credentials_file: ${join(dir, `${target.job}.token`)}`,
      '    static_configs:',
      `      - targets: ['${target.address}']`,
    ]),
    '',
  ].join('\n');
  await writeFile(join(dir, 'prometheus.yml'), config);
  for (const target of targets) await writeFile(join(dir, `${target.job}.token`), target.bearerToken);
  const port = await freePort();
  const child = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const api = async (path: string): Promise<any> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: unknown; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error ?? response.status}`);
    return body.data;
  };

  return {
    url,
    async targetsUp(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let last = 'not asked yet';
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`prometheus exited: ${log}`);
        const data = (await api('/api/v1/targets?state=active').catch((error: Error) => {
          last = error.message;
          return null;
        })) as { activeTargets: { labels: { job: string }; health: string; lastError: string }[] } | null;
        if (data) {
          const down = targets.filter(
            (t) => !data.activeTargets.some((a) => a.labels.job === t.job && a.health === 'up'),
          );
          if (down.length === 0) return;
          last = data.activeTargets.map((a) => `${a.labels.job}: ${a.health} ${a.lastError}`).join('; ');
        }
        // Targets are scraped once per interval: asking much more often than that learns nothing new.
        await new Promise((resolve) => setTimeout(resolve, (scrapeIntervalSeconds * 1000) / 4));
      }
      throw new Error(`targets not up within ${timeoutMs} ms: ${last} ${log}`);
    },
    async query(promql) {
      const data = (await api(`/api/v1/query?query=${encodeURIComponent(promql)}`)) as {
        result: { metric: Record<string, string>; value: [number, string] }[];
      };
      return data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    async rules() {
      const data = (await api('/api/v1/rules')) as {
        groups: { rules: { name: string; health: string; lastError?: string }[] }[];
      };
      return data.groups.flatMap((group) => group.rules);
    },
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
