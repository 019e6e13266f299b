// Puts one chunk file into the S3-compatible bucket: path-style addressing with `server_url` as the endpoint,
// SigV4 (the AWS SDK's signer), the configured storage class, and — with `use_byok` and an uploaded media-source
// CA bundle — that CA trusted for the endpoint in addition to the system roots. The SDK's own retries are off:
// the durable queue is the one place that decides about retrying.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent } from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { OutboundError, limitStream } from '../../../platform/net/outbound-http.js';
import type { S3Target } from '../settings/cloud-settings.service.js';

/** S3 answers a PUT with headers and at most a short XML document; the SDK reads no more than this of it. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The SDK is loaded at the first upload: a recorder without cloud upload never pays for its hundreds of modules. */
const loadSdk = () => import('@aws-sdk/client-s3');

export type UploadResult = { ok: true } | { ok: false; error: string; retryable: boolean };

export class S3Uploader {
  #cached: { key: string; client: S3Client } | null = null;

  constructor(
    private readonly recordingsRoot: string,
    private readonly caBundle: () => Promise<Buffer | null>,
    private readonly requestTimeoutMs = 120_000,
  ) {}

  async upload(target: S3Target, recordingPath: string, objectKey: string): Promise<UploadResult> {
    const file = join(this.recordingsRoot, recordingPath);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return {
        ok: false,
        error: 'The chunk file no longer exists (removed before it was uploaded)',
        retryable: false,
      };
    }
    try {
      const client = await this.#client(target);
      const { PutObjectCommand } = await loadSdk();
      await client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: objectKey,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'video/mp4',
          ...(target.storageClass ? { StorageClass: target.storageClass as never } : {}),
        }),
      );
      return { ok: true };
    } catch (error) {
      return { ok: false, error: describe(error, target.secretKey), retryable: true };
    }
  }

  close(): void {
    this.#cached?.client.destroy();
    this.#cached = null;
  }

  async #client(target: S3Target): Promise<S3Client> {
    const ca = target.useByok && target.endpoint.startsWith('https:') ? await this.caBundle() : null;
    const key = createHash('sha256')
      .update(
        JSON.stringify([target.endpoint, target.region, target.accessKey, target.secretKey, target.version]),
      )
      .update(ca ?? '')
      .digest('hex');
    if (this.#cached?.key === key) return this.#cached.client;
    this.#cached?.client.destroy();
    const { S3Client } = await loadSdk();
    const client = new S3Client({
      endpoint: target.endpoint,
      forcePathStyle: true,
      region: target.region,
      credentials: { accessKeyId: target.accessKey, secretAccessKey: target.secretKey },
      maxAttempts: 1,
      // S3-compatible servers do not all understand the newer default integrity checksums (aws-chunked bodies).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        requestTimeout: this.requestTimeoutMs,
        connectionTimeout: 10_000,
        ...(ca
          ? { httpsAgent: new Agent({ keepAlive: true, ca: [...rootCertificates, ca.toString('utf8')] }) }
          : {}),
      },
    });
    // Innermost (after the deserializer in the stack): the raw reply, before the SDK collects and parses it.
    client.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        const response = result.response as { statusCode?: number; body?: unknown };
        if (response.body && typeof (response.body as Readable).pipe === 'function')
          response.body = limitStream(
            response.body as Readable,
            MAX_ANSWER_BYTES,
            response.statusCode ?? null,
          );
        return result;
      },
      { step: 'deserialize', priority: 'low', name: 'boundedAnswer' },
    );
    this.#cached = { key, client };
    return client;
  }
}

function describe(error: unknown, secret: string): string {
  if (!(error instanceof Error)) return 'upload failed';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (error instanceof OutboundError && error.kind === 'too_large') {
    const answered = error.status ?? status;
    return `The S3 endpoint answered${answered ? ` HTTP ${answered} with` : ''} more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB; not read`;
  }
  const code = (error as { code?: string }).code;
  let text = `${error.name}${status ? ` (HTTP ${status})` : ''}${code && code !== error.name ? ` ${code}` : ''}: ${error.message}`;
  if (secret) text = text.split(secret).join('***');
  return text.slice(0, 500);
}
