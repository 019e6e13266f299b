// Local servers for protocol tests: an ephemeral loopback listener with a stop that also drops connections,
// and a throwaway self-signed certificate made with the openssl CLI.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const { port, stop } = await serve(createServer());
  await stop();
  return port;
}

export async function serve(server: Server): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return { port, stop };
}

/**
 * A loopback port where connections are never answered, like a camera address behind a firewall that drops
 * packets: a socket listening with a backlog of 0 that never accepts (Python, since Node accepts every
 * connection), and one connection already waiting in its accept queue. Linux drops further SYNs while the
 * queue is full, so a new connection attempt gets no reply at all, neither accepted nor refused.
 */
export async function unansweredPort(): Promise<{ port: number; stop: () => Promise<void> }> {
  const listener = spawn(
    'python3',
    [
      '-c',
      [
        'import socket, sys',
        's = socket.socket()',
        "s.bind(('127.0.0.1', 0))",
        's.listen(0)',
        'print(s.getsockname()[1], flush=True)',
        'sys.stdin.read()',
      ].join('\n'),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    listener.once('error', reject);
    listener.stdout.once('data', (line: Buffer) => resolve(Number(line.toString().trim())));
  });
  const filler = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => filler.once('connect', resolve).once('error', reject));
  const stop = async () => {
    filler.destroy();
    const exited = new Promise((resolve) => listener.once('exit', resolve));
    listener.stdin.end();
    await exited;
  };
  return { port, stop };
}

export async function selfSignedCertificate(
  commonName = 'localhost',
  /** subjectAltName entries, e.g. ['IP:127.0.0.1'], for clients that check the host against the certificate */
  altNames: string[] = [],
): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-cert-'));
  try {
    const [keyFile, certFile] = [join(dir, 'k.pem'), join(dir, 'c.pem')];
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${commonName}`,
      ...(altNames.length > 0 ? ['-addext', `subjectAltName=${altNames.join(',')}`] : []),
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
    return { key, cert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
