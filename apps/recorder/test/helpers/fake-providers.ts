// Local stand-ins for the cloud inference providers, speaking their wire formats: the Hugging Face Inference
// API (POST /models/{id}) and an OpenAI-compatible server (POST /v1/chat/completions). They check the bearer
// token like the real services (401 with the real error shapes), record every request, and can be told to answer
// slowly, with an error, with 429 + Retry-After, or to hold requests until released.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeHugeBody } from './huge-body.js';
import { serve } from './net-servers.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: any;
}

export type Behaviour =
  | { kind: 'ok' }
  | { kind: 'delay'; ms: number }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  /** keep the request open until release() */
  | { kind: 'hold' }
  /** `bytes` of filler generated while the client reads; `written` learns how many reached the socket */
  | { kind: 'huge'; bytes: number; status?: number; written?: (bytes: number) => void };

export interface FakeProvider {
  /** base URL to configure (HF: the server root; OpenAI: …/v1) */
  url: string;
  requests: RecordedRequest[];
  /** the answer for every following request (default ok) */
  behaviour: Behaviour;
  /** answers for the next requests, in order, before `behaviour` applies again */
  queue: Behaviour[];
  /** resolves once `count` requests have arrived */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** answers every held request normally */
  release(): void;
  close(): Promise<void>;
}

type Kind = 'huggingface' | 'openai';

export function startFakeHuggingFace(token: string): Promise<FakeProvider> {
  return startFake('huggingface', token);
}

export function startFakeOpenAI(token: string): Promise<FakeProvider> {
  return startFake('openai', token);
}

async function startFake(kind: Kind, token: string): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const held: (() => void)[] = [];
  const fake = {
    url: '',
    requests,
    behaviour: { kind: 'ok' } as Behaviour,
    queue: [] as Behaviour[],
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const answer = (req: RecordedRequest, res: ServerResponse) => {
    if (kind === 'huggingface') {
      const match = /^\/models\/(.+)$/.exec(req.path);
      if (req.method !== 'POST' || !match) return send(res, 404, { error: 'Not Found' });
      if (req.headers.authorization !== `Bearer ${token}`)
        return send(res, 401, { error: 'Invalid credentials in Authorization header' });
      if (req.json === undefined || !('inputs' in req.json))
        return send(res, 400, { error: 'Input should be a valid dictionary or instance of ...' });
      return send(res, 200, [
        { label: 'tabby, tabby cat', score: 0.9312 },
        { label: 'tiger cat', score: 0.0521 },
      ]);
    }
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions')
      return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, {
        error: {
          message:
            'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    const body = req.json;
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return send(res, 400, {
        error: {
          message: "'messages' is a required property",
          type: 'invalid_request_error',
          param: 'messages',
          code: null,
        },
      });
    }
    const user = body.messages.at(-1);
    const images = Array.isArray(user?.content)
      ? user.content.filter((p: any) => p.type === 'image_url').length
      : 0;
    return send(res, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: `I see ${images} image(s): a person at the door.` },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json,
      };
      requests.push(recorded);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const behaviour = fake.queue.shift() ?? fake.behaviour;
      switch (behaviour.kind) {
        case 'ok':
          return answer(recorded, res);
        case 'delay':
          return void setTimeout(() => answer(recorded, res), behaviour.ms);
        case 'status':
          return send(res, behaviour.status, behaviour.body, behaviour.headers);
        case 'hold':
          return void held.push(() => answer(recorded, res));
        case 'huge':
          res.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' });
          return void writeHugeBody(res, behaviour.bytes).then(behaviour.written);
      }
    });
  });
  server.keepAliveTimeout = 1000;
  const { port, stop } = await serve(server);
  fake.url = kind === 'huggingface' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`;
  return Object.assign(fake, {
    waitForRequests(count: number, timeoutMs = 30_000): Promise<RecordedRequest[]> {
      if (requests.length >= count) return Promise.resolve(requests.slice());
      return new Promise<RecordedRequest[]>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`timed out waiting for ${count} provider requests (have ${requests.length})`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests.slice());
          },
        });
      });
    },
    release() {
      for (const go of held.splice(0)) go();
    },
    close: stop,
  });
}
