// npm run bench:cloud — cloud recording upload and the cloud job queue, each beside its raw baseline measured in
// the same run.
//  1. Upload: 200 chunk files (BENCH_CHUNKS, BENCH_CHUNK_KB each) queued through the recorder's upload queue to a
//     local S3-compatible server (s3rver behind the SigV4-checking front of the tests), against a plain PutObject
//     loop with the same SDK to the same server. Target: ≥ 0.8× the loop's throughput.
//  2. Jobs: 1,000 jobs (BENCH_JOBS) against a fake provider answering in 50 ms with CLOUD_JOB_CONCURRENCY=8:
//     jobs/s and p99 queue wait (started_at − created_at), against 1,000 direct provider calls 8 at a time.
// The recorder runs in-process on a fresh SQLite database (or PostgreSQL with BENCH_PG_URL as TEST_PG_URL).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createTestApp } from '../test/helpers/app.js';
import { startFakeHuggingFace } from '../test/helpers/fake-providers.js';
import { S3_ACCESS_KEY, startS3Server } from '../test/helpers/s3-server.js';
import { describeMachine, percentile } from './harness.js';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 200);
const CHUNK_KB = Number(process.env.BENCH_CHUNK_KB ?? 1024);
const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const JOB_CONCURRENCY = 8;
const PROVIDER_MS = 50;
const SECRET = 'bench-s3-secret';
const TOKEN = 'hf_bench_token';

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(9);

async function main(): Promise<void> {
  describeMachine('bench:cloud');
  if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
  const dialect = process.env.BENCH_PG_URL ? 'postgres' : 'sqlite';
  const s3 = await startS3Server({ secretKey: SECRET });
  const hf = await startFakeHuggingFace(TOKEN);
  hf.behaviour = { kind: 'delay', ms: PROVIDER_MS };
  const t = await createTestApp({
    dialect,
    env: { HUGGINGFACE_BASE_URL: hf.url, CLOUD_JOB_CONCURRENCY: String(JOB_CONCURRENCY), LOG_LEVEL: 'warn' },
  });
  try {
    // ── 1. upload ──
    const files: { path: string; size: number }[] = [];
    for (let i = 0; i < CHUNKS; i++) {
      const path = `cam-1/2026/01/01/${1767225600000 + i * 60_000}.mp4`;
      const full = join(t.config.recordingsDir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, randomBytes(CHUNK_KB * 1024));
      files.push({ path, size: CHUNK_KB * 1024 });
    }
    const totalMb = (CHUNKS * CHUNK_KB) / 1024;

    const client = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: SECRET },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    let started = performance.now();
    for (const file of files) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `baseline/${file.path}`,
          Body: readFileSync(join(t.config.recordingsDir, file.path)),
          ContentType: 'video/mp4',
        }),
      );
    }
    const baselineSeconds = (performance.now() - started) / 1000;
    client.destroy();

    const put = await t.request({
      method: 'PUT',
      url: '/api/v1/cloud/settings',
      token: t.adminToken,
      payload: {
        recording: {
          enabled: true,
          server_url: s3.endpoint,
          bucket: s3.bucket,
          access_key: S3_ACCESS_KEY,
          secret_key: SECRET,
        },
      },
    });
    if (put.statusCode !== 200) throw new Error(put.body);
    started = performance.now();
    for (const [i, file] of files.entries()) {
      await t.container.cloud.uploads.enqueue({
        cameraId: 1,
        path: file.path,
        startMs: i,
        endMs: i + 1,
        sizeBytes: file.size,
      });
    }
    for (;;) {
      const stats = await t.container.database.db
        .selectFrom('cloud_uploads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'uploaded')
        .executeTakeFirstOrThrow();
      if (Number(stats.n) >= CHUNKS) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const recorderSeconds = (performance.now() - started) / 1000;
    const uploaded = s3.requests.filter(
      (r) => r.method === 'PUT' && r.status === 200 && !r.path.includes('/baseline/'),
    );

    console.log(
      `\nupload: ${CHUNKS} chunks × ${CHUNK_KB} KiB = ${totalMb.toFixed(0)} MiB to a local S3 server`,
    );
    console.log('                                 seconds      MiB/s   chunks/s');
    console.log(
      `plain PutObject loop (baseline) ${fmt(baselineSeconds, 2)} ${fmt(totalMb / baselineSeconds)} ${fmt(CHUNKS / baselineSeconds)}`,
    );
    console.log(
      `recorder upload queue (c=${t.config.cloud.uploadConcurrency})    ${fmt(recorderSeconds, 2)} ${fmt(totalMb / recorderSeconds)} ${fmt(CHUNKS / recorderSeconds)}`,
    );
    console.log(
      `ratio recorder/baseline: ${(baselineSeconds / recorderSeconds).toFixed(2)}× (target ≥ 0.8×); PUTs: ${uploaded.length} for ${CHUNKS} chunks`,
    );

    // ── 2. jobs ──
    const cred = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/credentials',
      token: t.adminToken,
      payload: { provider: 'huggingface', token: TOKEN },
    });
    const model = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/models',
      token: t.adminToken,
      payload: {
        name: 'bench',
        provider: 'huggingface',
        credential_id: cred.json().id,
        model_id: 'bench/model',
        task: 'text-classification',
      },
    });
    const modelId = model.json().id as number;

    // Baseline: the same number of provider calls, 8 at a time, straight from this process.
    started = performance.now();
    let next = 0;
    const lane = async () => {
      while (next < JOBS) {
        next += 1;
        const response = await fetch(`${hf.url}/models/bench/model`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ inputs: 'x' }),
        });
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: JOB_CONCURRENCY }, lane));
    const rawSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    for (let i = 0; i < JOBS; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/jobs',
        token: t.adminToken,
        payload: { model_id: modelId, inputs: { text: `job ${i}` } },
      });
      if (response.statusCode !== 202) throw new Error(response.body);
    }
    const submitSeconds = (performance.now() - started) / 1000;
    for (;;) {
      const open = await t.container.database.db
        .selectFrom('cloud_jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const jobSeconds = (performance.now() - started) / 1000;
    const jobs = await t.container.database.db
      .selectFrom('cloud_jobs')
      .select(['status', 'created_at', 'started_at'])
      .execute();
    const waits = jobs.map((j) => Date.parse(j.started_at!) - Date.parse(j.created_at));
    const succeeded = jobs.filter((j) => j.status === 'succeeded').length;
    const results = await t.container.database.db
      .selectFrom('cloud_results')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();

    console.log(
      `\njobs: ${JOBS} jobs, provider answering in ${PROVIDER_MS} ms, concurrency ${JOB_CONCURRENCY} (${dialect})`,
    );
    console.log('                                 seconds     jobs/s  p50 wait ms  p99 wait ms');
    console.log(
      `direct provider calls (baseline) ${fmt(rawSeconds, 2)} ${fmt(JOBS / rawSeconds)}            -            -`,
    );
    console.log(
      `recorder job queue               ${fmt(jobSeconds, 2)} ${fmt(JOBS / jobSeconds)} ${fmt(percentile(waits, 50), 0).padStart(12)} ${fmt(percentile(waits, 99), 0).padStart(12)}`,
    );
    console.log(
      `submitting took ${submitSeconds.toFixed(2)} s; succeeded ${succeeded}/${JOBS}; results stored ${Number(results.n)}`,
    );
  } finally {
    await t.close();
    await hf.close();
    await s3.close();
  }
}

await main();
