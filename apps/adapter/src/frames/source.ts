// Frame URIs → bytes, with the path-safety rules of ADAPTER.md: the real path (after `..` and symlinks)
// must stay inside FRAMES_DIR. Inline base64 and multipart frames get the same size limit.
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdapterError } from '../errors.js';

export const MAX_FRAME_BYTES = 20 * 1024 * 1024;
export const FRAME_SCHEMES = ['frame://', 'opennvr://frames/', 'file://'] as const;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The lexical path a URI names (not yet checked against symlinks). */
export function uriToPath(uri: string, framesDir: string): string {
  let rel: string;
  if (uri.startsWith('frame://')) rel = uri.slice('frame://'.length);
  else if (uri.startsWith('opennvr://frames/')) rel = uri.slice('opennvr://frames/'.length);
  else if (uri.startsWith('file://')) {
    let abs: string;
    try {
      abs = fileURLToPath(uri);
    } catch (err) {
      throw new AdapterError('unsupported_frame_uri', `malformed file URI: ${(err as Error).message}`);
    }
    if (!inside(framesDir, resolve(abs))) {
      throw new AdapterError('frame_uri_outside_root', 'file:// frames must be inside the frames directory');
    }
    return resolve(abs);
  } else {
    throw new AdapterError(
      'unsupported_frame_uri',
      `unsupported frame URI scheme; use one of ${FRAME_SCHEMES.join(', ')}`,
      {
        details: { accepted: [...FRAME_SCHEMES] },
      },
    );
  }
  try {
    rel = decodeURIComponent(rel.split(/[?#]/)[0]!);
  } catch {
    throw new AdapterError('unsupported_frame_uri', 'frame URI has invalid percent-encoding');
  }
  if (rel === '' || rel.includes('\0'))
    throw new AdapterError('unsupported_frame_uri', 'frame URI names no file');
  const path = resolve(framesDir, rel.replace(/^\/+/, ''));
  if (!inside(framesDir, path) || rel.split(/[\\/]/).includes('..')) {
    throw new AdapterError('frame_uri_outside_root', 'frame path leaves the frames directory');
  }
  return path;
}

export async function readFrameUri(uri: string, framesDir: string): Promise<Uint8Array> {
  const lexical = uriToPath(uri, framesDir);
  let real: string;
  let root: string;
  try {
    root = await realpath(framesDir);
  } catch {
    throw new AdapterError('frame_not_found', 'the frames directory does not exist');
  }
  try {
    real = await realpath(lexical);
  } catch {
    throw new AdapterError('frame_not_found', `frame ${uri} does not exist`);
  }
  // Symlinks are followed, then re-checked: a link pointing outside the root is refused.
  if (!inside(root, real))
    throw new AdapterError('frame_uri_outside_root', 'frame resolves outside the frames directory');
  const handle = await open(real, 'r').catch(() => {
    throw new AdapterError('frame_not_found', `frame ${uri} cannot be opened`);
  });
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new AdapterError('frame_not_found', `frame ${uri} is not a file`);
    if (st.size > MAX_FRAME_BYTES) throw tooLarge(st.size);
    const buf = Buffer.allocUnsafeSlow(st.size);
    const { bytesRead } = await handle.read(buf, 0, st.size, 0);
    return new Uint8Array(buf.buffer, 0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function decodeBase64Frame(b64: string): Uint8Array {
  const body = b64.replace(/^data:[^;,]*;base64,/, '');
  // Check the size before allocating: 4 base64 chars carry 3 bytes.
  if (Math.floor((body.length * 3) / 4) > MAX_FRAME_BYTES + 2)
    throw tooLarge(Math.floor((body.length * 3) / 4));
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body.replace(/\s+/g, ''))) {
    throw new AdapterError('invalid_request', 'data.frame.b64 is not valid base64');
  }
  const buf = Buffer.from(body, 'base64');
  if (buf.length > MAX_FRAME_BYTES) throw tooLarge(buf.length);
  // A private copy so it can be transferred to a worker.
  const out = new Uint8Array(new ArrayBuffer(buf.length));
  out.set(buf);
  return out;
}

export function tooLarge(size: number): AdapterError {
  return new AdapterError(
    'frame_too_large',
    `frame is ${size} bytes; the limit is ${MAX_FRAME_BYTES} bytes (20 MiB)`,
    {
      details: { limit_bytes: MAX_FRAME_BYTES },
    },
  );
}
