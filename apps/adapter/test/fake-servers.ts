// Small local HTTP servers that speak other programs' wire formats (Ollama, OpenAI, a contract adapter),
// recording what they were sent so tests can check the requests the adapter makes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: any }[];
  close(): Promise<void>;
}

type Handler = (req: { method: string; url: string; body: any }) => { status: number; body: unknown };

export async function fakeServer(handler: Handler): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? JSON.parse(text) : undefined;
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      const out = handler({ method: req.method ?? 'GET', url: req.url ?? '/', body });
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
