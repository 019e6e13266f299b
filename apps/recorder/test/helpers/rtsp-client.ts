// A bare RTSP client for restream tests: requests answered one at a time, Basic or Digest (MD5, RFC 2617 without
// qop) computed here, and the interleaved RTP frames after PLAY counted — or left unread, as a stalled reader does.
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RtspAnswer {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class RtspTestClient {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #cseq = 0;
  #waiting: ((answer: RtspAnswer) => void) | null = null;
  /** interleaved bytes received, by channel */
  readonly received = new Map<number, number>();
  closed = false;
  credentials: { username: string; password: string; scheme: 'basic' | 'digest' } | null = null;
  #digest: { realm: string; nonce: string } | null = null;
  session: string | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => undefined);
  }

  static async open(port: number): Promise<RtspTestClient> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RtspTestClient(socket);
  }

  /** A stalled reader: nothing more is read from the socket. */
  stall(): void {
    this.#socket.pause();
  }

  /** Resolves when the server has closed the connection. */
  whenClosed(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.#socket.once('close', () => resolve()));
  }

  raw(bytes: string | Buffer): void {
    this.#socket.write(bytes);
  }

  /** Sends a request (with the credentials, when set and challenged) and resolves with its answer. */
  async request(method: string, uri: string, headers: Record<string, string> = {}): Promise<RtspAnswer> {
    const answer = await this.#send(method, uri, headers);
    if (answer.status !== 401 || !this.credentials) return answer;
    const challenges = answer.headers.get('www-authenticate') ?? [];
    const digest = challenges.find((c) => c.startsWith('Digest '));
    if (this.credentials.scheme === 'digest' && digest) {
      this.#digest = {
        realm: /realm="([^"]*)"/.exec(digest)![1]!,
        nonce: /nonce="([^"]*)"/.exec(digest)![1]!,
      };
    }
    return this.#send(method, uri, headers);
  }

  #authorization(method: string, uri: string): string | null {
    const credentials = this.credentials;
    if (!credentials) return null;
    if (credentials.scheme === 'basic') {
      return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    }
    if (!this.#digest) return null;
    const { realm, nonce } = this.#digest;
    const ha1 = md5(`${credentials.username}:${realm}:${credentials.password}`);
    const response = md5(`${ha1}:${nonce}:${md5(`${method}:${uri}`)}`);
    return `Digest username="${credentials.username}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}"`;
  }

  #send(method: string, uri: string, headers: Record<string, string>): Promise<RtspAnswer> {
    const lines = [`${method} ${uri} RTSP/1.0`, `CSeq: ${++this.#cseq}`];
    const authorization = this.#authorization(method, uri);
    if (authorization) lines.push(`Authorization: ${authorization}`);
    if (this.session) lines.push(`Session: ${this.session}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new Error('connection closed'));
        return;
      }
      this.#waiting = (answer) => {
        const session = answer.headers.get('session')?.[0]?.split(';')[0];
        if (session) this.session = session;
        resolve(answer);
      };
      this.#socket.write(lines.join('\r\n') + '\r\n\r\n');
    });
  }

  #drain(): void {
    for (;;) {
      const data = this.#buffer;
      if (data.length === 0) return;
      if (data[0] === 0x24) {
        if (data.length < 4) return;
        const length = data.readUInt16BE(2);
        if (data.length < 4 + length) return;
        this.received.set(data[1]!, (this.received.get(data[1]!) ?? 0) + length);
        this.#buffer = data.subarray(4 + length);
        continue;
      }
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      const length = Number(headers.get('content-length')?.[0] ?? 0);
      if (data.length < end + 4 + length) return;
      const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
      this.#buffer = data.subarray(end + 4 + length);
      const status = Number(head[0]!.split(' ')[1]);
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting?.({ status, headers, body });
    }
  }

  close(): void {
    this.#socket.destroy();
  }
}
