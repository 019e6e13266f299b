// A local S3-compatible server for upload tests: s3rver (a real S3 REST implementation storing objects on disk)
// behind a small front that verifies every request's AWS Signature Version 4 against the expected secret (s3rver
// itself does not), records the requests, and can go down (connection refused) and come back on the same port.
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { serve } from './net-servers.js';

/** s3rver's built-in account id; the secret is ours (checked by the SigV4 front). */
export const S3_ACCESS_KEY = 'S3RVER';

export interface S3Request {
  method: string;
  path: string;
  status: number;
  signatureValid: boolean;
  region: string | null;
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  secretKey: string;
  requests: S3Request[];
  /** a client with the right credentials, for reading objects back */
  client(): S3Client;
  get(key: string): Promise<Buffer>;
  keys(): Promise<string[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(
  options: { secretKey?: string; bucket?: string; tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<S3Server> {
  const secretKey = options.secretKey ?? 'local-s3-secret-key';
  const bucket = options.bucket ?? 'nvr-recordings';
  const dir = mkdtempSync(join(tmpdir(), 'nvr-s3-'));
  const backend = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port: backendPort } = (await backend.run()) as { port: number };
  const requests: S3Request[] = [];

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { valid, region } = verifySigV4(req, body, secretKey);
      const record: S3Request = {
        method: req.method ?? '',
        path: req.url ?? '',
        status: 0,
        signatureValid: valid,
        region,
      };
      requests.push(record);
      if (!valid) {
        record.status = 403;
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
        );
        return;
      }
      const upstream = httpRequest(
        { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          record.status = answer.statusCode ?? 0;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        record.status = 502;
        res.destroy();
      });
      upstream.end(body);
    });
  };

  const make = (): Server => (options.tls ? createHttpsServer(options.tls, handler) : createServer(handler));
  let front = await serve(make());
  const port = front.port;
  let isUp = true;

  const endpoint = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const client = () =>
    new S3Client({
      endpoint: `http://127.0.0.1:${backendPort}`,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: secretKey },
    });
  const reader = client();

  return {
    endpoint,
    bucket,
    secretKey,
    requests,
    client,
    async get(key) {
      const object = await reader.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await reader.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) keys.push(item.Key!);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async down() {
      if (!isUp) return;
      isUp = false;
      await front.stop();
    },
    async up() {
      if (isUp) return;
      const server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const sockets = new Set<Socket>();
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      front = {
        port,
        stop: async () => {
          for (const s of sockets) s.destroy();
          await new Promise((resolve) => server.close(resolve));
        },
      };
      isUp = true;
    },
    async close() {
      reader.destroy();
      if (isUp) await front.stop();
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Recomputes an `AWS4-HMAC-SHA256` Authorization header (header-signed requests) with the secret. */
function verifySigV4(
  req: IncomingMessage,
  body: Buffer,
  secret: string,
): { valid: boolean; region: string | null } {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return { valid: false, region: null };
  const [, accessKey, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKey !== S3_ACCESS_KEY) return { valid: false, region: region! };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (/^[0-9a-f]{64}$/.test(payloadHash) && createHash('sha256').update(body).digest('hex') !== payloadHash) {
    return { valid: false, region: region! };
  }
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return { valid: expected === signature, region: region! };
}

const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
