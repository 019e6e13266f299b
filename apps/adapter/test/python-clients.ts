// What the Python DeepStack / CodeProject.AI clients send, byte for byte, as captured from their own code run
// unchanged (apps/adapter/scripts/interop/run_clients.py --capture): Frigate's deepstack detector, Viseron's
// codeprojectai and deepstack components, and deepstack-python (Home Assistant's deepstack_object and
// deepstack_face). All of them post with python-requests, which writes the `data=` fields before the `files=`
// parts, names a bytes file after its field (filename="image") without a Content-Type, and sends no
// Authorization header. CI cannot run those clients, so the tests replay these requests.
import net from 'node:net';
import { once } from 'node:events';

/** The headers python-requests 2.28 sends with every request. */
export const REQUESTS_HEADERS = {
  'user-agent': 'python-requests/2.28.1',
  'accept-encoding': 'gzip, deflate',
  accept: '*/*',
  connection: 'keep-alive',
} as const;

const BOUNDARY = '3d8045ff5eec1b0a60def36e8791ce88';

/** A multipart body as requests encodes `data=fields, files={name: bytes}`. */
export function requestsMultipart(fields: [string, string][], files: [string, Buffer][]) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, bytes] of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    headers: { ...REQUESTS_HEADERS, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: Buffer.concat(parts),
  };
}

/** The start of a file part (its headers), for bodies sent a piece at a time. */
export const filePartHead = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\n\r\n`);
export const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
/** What ends a file part's bytes, and what ends the body. */
export const PART_END = Buffer.from('\r\n');
export const BODY_END = Buffer.from(`--${BOUNDARY}--\r\n`);

/** Frigate's detect_raw: `data={"api_key": api_key}` (default ""), `files={"image": jpeg}`. */
export const frigateDetect = (jpeg: Buffer, apiKey = '') =>
  requestsMultipart([['api_key', apiKey]], [['image', jpeg]]);

/**
 * deepstack-python's process_image (0.8 and 0.9): `data` gets api_key (default "") and min_confidence (default
 * 0.45) after any own fields (register's userid comes first).
 */
export const deepstackPython = (jpeg: Buffer, fields: [string, string][] = [], apiKey = '') =>
  requestsMultipart([...fields, ['api_key', apiKey], ['min_confidence', '0.45']], [['image', jpeg]]);

/** codeproject-ai-api's process_image (Viseron's codeprojectai component): min_confidence and the image, no key. */
export const codeprojectPython = (jpeg: Buffer, minConfidence: string, fields: [string, string][] = []) =>
  requestsMultipart([...fields, ['min_confidence', minConfidence]], [['image', jpeg]]);

/** Viseron's CodeProjectAIFace.post_request for face/list: `requests.post(url, data=None)` — no body at all. */
export const viseronListFaces = () => ({
  headers: { ...REQUESTS_HEADERS, 'content-length': '0' },
  // Bytes, not a string: fetch would add a text/plain content type to a string body, requests sends none.
  body: Buffer.alloc(0),
});

/** deepstack-python 0.9's get_stored_faces and Viseron's DeepstackFace.delete_face: a urlencoded form. */
export const urlencoded = (form: string) => ({
  headers: { ...REQUESTS_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
  body: form,
});

/** An HTTP answer read off a raw socket. */
export interface RawResponse {
  status: number;
  body: any;
}

/**
 * Sends a request's head and only the start of its body over a real socket, and resolves with the answer that
 * comes back while the rest of the body has not been sent (it never is): proof that the server answered without
 * reading the whole body.
 */
export async function answerToPartialBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  contentLength: number,
  start: Buffer,
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    Object.entries({ ...headers, 'content-length': String(contentLength) })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  socket.write(head);
  socket.write(start);
  try {
    return await readResponse(socket);
  } finally {
    socket.destroy();
  }
}

async function readResponse(socket: net.Socket): Promise<RawResponse> {
  let data = Buffer.alloc(0);
  for await (const chunk of socket) {
    data = Buffer.concat([data, chunk as Buffer]);
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) continue;
    const head = data.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (data.length < end + 4 + length) continue;
    const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
  }
  throw new Error(`connection closed before a full answer: ${data.toString('latin1').slice(0, 200)}`);
}
