// PEM parsing with node:crypto: certificates (X509Certificate), private keys (createPrivateKey) and whether a
// key belongs to a certificate (checkPrivateKey). Pure functions; errors carry a sentence for the operator.
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';

export class PemError extends Error {}

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n[\s\S]*?-----END CERTIFICATE-----/g;
/** Anything that looks like a PEM block, to catch keys or garbage mixed into a certificate file. */
const ANY_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----/g;
export const MAX_CERTIFICATES = 500;

export interface CertificateSummary {
  subject: string;
  issuer: string;
  not_before: string;
  not_after: string;
  fingerprint_sha256: string;
}

/** Every certificate of a PEM file, in order; at least one, nothing else. */
export function parseCertificates(pem: string, what: string): X509Certificate[] {
  const blocks = pem.match(CERT_BLOCK) ?? [];
  const kinds = [...pem.matchAll(ANY_BLOCK)].map((m) => m[1]);
  if (blocks.length === 0) throw new PemError(`${what} holds no PEM certificate`);
  if (kinds.some((kind) => kind !== 'CERTIFICATE')) {
    throw new PemError(
      `${what} may only hold certificates (found ${kinds.find((k) => k !== 'CERTIFICATE')})`,
    );
  }
  if (blocks.length > MAX_CERTIFICATES)
    throw new PemError(`${what} holds more than ${MAX_CERTIFICATES} certificates`);
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new PemError(`${what}: certificate ${index + 1} is not a valid X.509 certificate`);
    }
  });
}

/** An unencrypted private key in PEM (PKCS#8, PKCS#1 or SEC1). */
export function parsePrivateKey(pem: string, what: string): KeyObject {
  if (!/-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/.test(pem))
    throw new PemError(`${what} holds no PEM private key`);
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem)) {
    throw new PemError(`${what} is encrypted with a passphrase; upload the key without one`);
  }
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new PemError(`${what} is not a valid private key`);
  }
}

export function keyMatches(certificate: X509Certificate, key: KeyObject): boolean {
  try {
    return certificate.checkPrivateKey(key);
  } catch {
    return false;
  }
}

export function summarize(certificate: X509Certificate): CertificateSummary {
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
    fingerprint_sha256: certificate.fingerprint256,
  };
}

/** Node gives distinguished names one attribute per line; responses show them as `CN=x, O=y`. */
const oneLine = (name: string): string => name.split('\n').filter(Boolean).join(', ');

export const toPem = (certificates: X509Certificate[]): string =>
  certificates.map((c) => c.toString().trim()).join('\n') + '\n';
