// Real network clients for the event stream: an SSE reader over node:http and a WebSocket (ws), both keeping
// everything they received and letting a test await the message it expects.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: any;
}

type Waiter<T> = { predicate: (item: T) => boolean; resolve: (item: T) => void };

class Inbox<T> {
  readonly items: T[] = [];
  #waiters: Waiter<T>[] = [];

  push(item: T): void {
    this.items.push(item);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.predicate(item)) return true;
      w.resolve(item);
      return false;
    });
  }

  /** The first item (already received or still to come) matching the predicate. */
  waitFor(predicate: (item: T) => boolean, what = 'message', timeoutMs = 10_000): Promise<T> {
    const found = this.items.find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.#waiters.push({
        predicate,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return `127.0.0.1:${address.port}`;
}

export class SseClient {
  readonly messages = new Inbox<SseMessage>();
  readonly comments = new Inbox<string>();
  #buffer = '';
  #text = '';
  readonly #ended: Promise<void>;

  private constructor(
    readonly response: IncomingMessage,
    private readonly destroy: () => void,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.#text += chunk;
      this.#feed(chunk);
    });
    this.#ended = new Promise((resolve) => {
      response.once('end', resolve);
      response.once('close', resolve);
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** Opens the stream; resolves once the response headers arrived (any status). */
  static open(host: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`http://${host}${path}`, {
        headers: { accept: 'text/event-stream', ...headers },
      });
      req.on('response', (response) => resolve(new SseClient(response, () => req.destroy())));
      req.on('error', reject);
      req.end();
    });
  }

  /** Events (not comments) of the given type, in arrival order. */
  ofType(type: string): SseMessage[] {
    return this.messages.items.filter((m) => m.event === type);
  }

  /** Everything received, once the response has ended (error responses). */
  async body(): Promise<string> {
    await this.#ended;
    return this.#text;
  }

  close(): void {
    this.destroy();
  }

  #feed(chunk: string): void {
    this.#buffer += chunk;
    let end: number;
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const message: SseMessage = {};
      let isMessage = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        const match = /^(id|event|data): ?(.*)$/.exec(line);
        if (!match) continue;
        isMessage = true;
        const [, field, value] = match;
        if (field === 'data') message.data = JSON.parse(value!);
        else message[field as 'id' | 'event'] = value!;
      }
      if (isMessage) this.messages.push(message);
    }
  }
}

export class WsClient {
  readonly messages = new Inbox<any>();
  readonly pings = new Inbox<number>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString('utf8'))));
    socket.on('ping', () => this.pings.push(Date.now()));
  }

  static open(host: string, path: string, headers: Record<string, string> = {}): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${host}${path}`, { headers });
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('unexpected-response', (_req, response) =>
        reject(new Error(`unexpected response ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
