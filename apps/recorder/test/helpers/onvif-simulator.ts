/**
 * A tiny ONVIF device for tests: the Device Management user operations (GetUsers, CreateUsers, DeleteUsers)
 * plus GetSystemDateAndTime, over SOAP 1.2, behind WS-Security digest UsernameToken authentication.
 *
 * It checks the token the way a strict camera does: digest over nonce + created + password, Created within
 * 5 minutes of the device clock, and no nonce accepted twice. Failures are SOAP faults with the ONVIF error
 * subcodes (`ter:NotAuthorized`, `ter:UsernameClash`, `ter:UsernameMissing`).
 *
 * The digest check is computed here on its own rather than through the client's helper, so a bug in the
 * client cannot agree with itself.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { child, childrenNamed, escapeXml, parseXml, path } from '../../src/media/onvif/xml.js';
import type { XmlElement } from '../../src/media/onvif/xml.js';

export interface SimulatedUser {
  username: string;
  password: string;
  level: string;
}

export interface OnvifSimulatorOptions {
  /** The device's initial administrator. Default `admin`. */
  username?: string;
  password: string;
  /** HTTP status of NotAuthorized faults: 400 per the SOAP 1.2 HTTP binding, 401 on some devices. */
  authFailureStatus?: 400 | 401;
  /** How far the device clock is ahead of the real one (negative: behind). */
  clockOffsetMs?: number;
}

export interface OnvifSimulator {
  /** Device service URL. */
  url: string;
  /** Current accounts, passwords included, as the device stores them. */
  users(): SimulatedUser[];
  /** Raw bodies of every request received, oldest first. */
  requests(): string[];
  close(): Promise<void>;
}

const NS = {
  env: 'http://www.w3.org/2003/05/soap-envelope',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
  ter: 'http://www.onvif.org/ver10/error',
};
const DIGEST_TYPE_SUFFIX = '#PasswordDigest';
const MAX_TOKEN_AGE_MS = 5 * 60_000;
const LEVELS = new Set(['Administrator', 'Operator', 'User']);

/** A fault as ONVIF defines them: SOAP code, then `ter:` subcodes from generic to specific. */
class Fault extends Error {
  constructor(
    readonly status: number,
    readonly codes: string[],
    readonly reason: string,
  ) {
    super(reason);
  }
}

export async function startOnvifSimulator(options: OnvifSimulatorOptions): Promise<OnvifSimulator> {
  const users: SimulatedUser[] = [
    { username: options.username ?? 'admin', password: options.password, level: 'Administrator' },
  ];
  const seenNonces = new Map<string, number>();
  const received: string[] = [];
  const deviceNow = () => Date.now() + (options.clockOffsetMs ?? 0);
  const notAuthorized = () =>
    new Fault(options.authFailureStatus ?? 400, ['env:Sender', 'ter:NotAuthorized'], 'Sender not authorized');

  const authenticate = (header: XmlElement | undefined) => {
    const token = path(header, 'Security', 'UsernameToken');
    const password = child(token, 'Password');
    const username = child(token, 'Username')?.text.trim();
    const nonce = child(token, 'Nonce')?.text.trim();
    const created = child(token, 'Created')?.text.trim();
    if (!password || !username || !nonce || !created) throw notAuthorized();
    if (!(password.attributes['Type'] ?? '').endsWith(DIGEST_TYPE_SUFFIX)) throw notAuthorized();

    const createdAt = Date.parse(created);
    if (Number.isNaN(createdAt) || Math.abs(deviceNow() - createdAt) > MAX_TOKEN_AGE_MS)
      throw notAuthorized();
    if (seenNonces.has(nonce)) throw notAuthorized();

    const user = users.find((u) => u.username === username);
    if (!user) throw notAuthorized();
    const expected = createHash('sha1')
      .update(Buffer.from(nonce, 'base64'))
      .update(created, 'utf8')
      .update(user.password, 'utf8')
      .digest();
    const given = Buffer.from(password.text.trim(), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notAuthorized();

    for (const [seen, at] of seenNonces) if (deviceNow() - at > MAX_TOKEN_AGE_MS) seenNonces.delete(seen);
    seenNonces.set(nonce, deviceNow());
    // User management is Administrator-only in the default ONVIF access policy.
    if (user.level !== 'Administrator') throw notAuthorized();
  };

  const operations: Record<string, (request: XmlElement) => string> = {
    GetSystemDateAndTime: () => {
      const t = new Date(deviceNow());
      return (
        '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime>' +
        '<tt:DateTimeType>Manual</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings>' +
        '<tt:UTCDateTime>' +
        `<tt:Date><tt:Year>${t.getUTCFullYear()}</tt:Year><tt:Month>${t.getUTCMonth() + 1}</tt:Month>` +
        `<tt:Day>${t.getUTCDate()}</tt:Day></tt:Date>` +
        `<tt:Time><tt:Hour>${t.getUTCHours()}</tt:Hour><tt:Minute>${t.getUTCMinutes()}</tt:Minute>` +
        `<tt:Second>${t.getUTCSeconds()}</tt:Second></tt:Time>` +
        '</tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>'
      );
    },
    GetUsers: () =>
      '<tds:GetUsersResponse>' +
      users
        .map(
          (u) =>
            `<tds:User><tt:Username>${escapeXml(u.username)}</tt:Username>` +
            `<tt:UserLevel>${u.level}</tt:UserLevel></tds:User>`,
        )
        .join('') +
      '</tds:GetUsersResponse>',
    CreateUsers: (request) => {
      const incoming = childrenNamed(request, 'User').map((u) => ({
        username: child(u, 'Username')?.text ?? '',
        password: child(u, 'Password')?.text ?? '',
        level: child(u, 'UserLevel')?.text.trim() ?? '',
      }));
      // All or nothing, as the spec requires: validate every entry before storing any.
      for (const [i, u] of incoming.entries()) {
        if (u.username === '') {
          throw new Fault(
            400,
            ['env:Sender', 'ter:InvalidArgVal', 'ter:UsernameTooShort'],
            'Username too short',
          );
        }
        if (!LEVELS.has(u.level)) {
          throw new Fault(400, ['env:Sender', 'ter:InvalidArgVal'], `Invalid user level ${u.level}`);
        }
        const clash =
          users.some((existing) => existing.username === u.username) ||
          incoming.findIndex((other) => other.username === u.username) !== i;
        if (clash) {
          throw new Fault(
            400,
            ['env:Sender', 'ter:OperationProhibited', 'ter:UsernameClash'],
            'Username already exists',
          );
        }
      }
      users.push(...incoming);
      return '<tds:CreateUsersResponse/>';
    },
    DeleteUsers: (request) => {
      const names = childrenNamed(request, 'Username').map((u) => u.text);
      for (const name of names) {
        if (!users.some((u) => u.username === name)) {
          throw new Fault(
            400,
            ['env:Sender', 'ter:InvalidArgVal', 'ter:UsernameMissing'],
            'Username not recognized',
          );
        }
      }
      for (const name of names)
        users.splice(
          users.findIndex((u) => u.username === name),
          1,
        );
      return '<tds:DeleteUsersResponse/>';
    },
  };

  const handle = (raw: string): string => {
    let envelope: XmlElement;
    try {
      envelope = parseXml(raw);
    } catch {
      throw new Fault(400, ['env:Sender', 'ter:WellFormed'], 'Request is not well-formed XML');
    }
    const operation = path(envelope, 'Body')?.children[0];
    const run = operation && operations[operation.name];
    if (envelope.name !== 'Envelope' || !operation || !run) {
      throw new Fault(400, ['env:Sender', 'ter:ActionNotSupported'], 'Optional Action Not Implemented');
    }
    if (operation.name !== 'GetSystemDateAndTime') authenticate(child(envelope, 'Header'));
    return run(operation);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/onvif/device_service') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push(raw);
      let status = 200;
      let body: string;
      try {
        body = handle(raw);
      } catch (err) {
        // A bug in the simulator should fail the test with a readable fault, not crash the runner.
        const fault = err instanceof Fault ? err : new Fault(500, ['env:Receiver'], String(err));
        status = fault.status;
        body = faultXml(fault);
      }
      res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(envelopeXml(body));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/onvif/device_service`,
    users: () => users.map((u) => ({ ...u })),
    requests: () => [...received],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function envelopeXml(body: string): string {
  // Prefixes deliberately differ from the client's, as they do between real devices.
  const xmlns = Object.entries(NS)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope ${xmlns}><env:Body>${body}</env:Body></env:Envelope>`;
}

function faultXml(fault: Fault): string {
  const [code, ...subcodes] = fault.codes;
  const nested = subcodes.reduceRight(
    (inner, sub) => `<env:Subcode><env:Value>${sub}</env:Value>${inner}</env:Subcode>`,
    '',
  );
  return (
    `<env:Fault><env:Code><env:Value>${code}</env:Value>${nested}</env:Code>` +
    `<env:Reason><env:Text xml:lang="en">${escapeXml(fault.reason)}</env:Text></env:Reason></env:Fault>`
  );
}
