// Local HTTP endpoints standing in for a webhook receiver and a Twilio-compatible SMS API.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { writeHugeBody } from './huge-body.js';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** the status this endpoint answered */
  status: number;
  /** with `bodyBytes`: how many body bytes reached the socket before the answer ended or the client left */
  written?: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** resolves with the n-th request (1-based) once it has been answered */
  nth(n: number): Promise<Received>;
  close(): Promise<void>;
}

/**
 * `answer` picks the status of each request from its 1-based number. `bodyBytes`: answer with that much filler,
 * generated while the client reads, instead of the short JSON.
 */
export async function startReceiver(
  answer: (n: number, request: Received) => number = () => 200,
  { bodyBytes }: { bodyBytes?: number } = {},
): Promise<Receiver> {
  const received: Received[] = [];
  const waiting = new Map<number, (r: Received) => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0,
      };
      request.status = answer(received.length + 1, request);
      received.push(request);
      res.writeHead(request.status, { 'content-type': 'application/json' });
      const answered = () => waiting.get(received.indexOf(request) + 1)?.(request);
      if (bodyBytes !== undefined) {
        void writeHugeBody(res, bodyBytes).then((written) => {
          request.written = written;
          answered();
        });
        return;
      }
      res.end(JSON.stringify({ sid: `SM${received.length}` }), answered);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    nth(n) {
      const done = received[n - 1];
      if (done && (bodyBytes === undefined || done.written !== undefined)) return Promise.resolve(done);
      return new Promise((resolve) => waiting.set(n, resolve));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
