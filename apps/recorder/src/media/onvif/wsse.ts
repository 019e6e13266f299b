import { createHash, randomBytes } from 'node:crypto';
import { escapeXml } from './xml.js';

// OASIS Web Services Security UsernameToken Profile 1.0.
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
export const PASSWORD_DIGEST_TYPE =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest';
export const BASE64_ENCODING_TYPE =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

/** `Base64(SHA-1(nonce + created + password))`, over the raw nonce bytes and the UTF-8 of the strings. */
export function passwordDigest(nonce: Buffer, created: string, password: string): string {
  return createHash('sha1')
    .update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')]))
    .digest('base64');
}

export interface UsernameTokenInput {
  username: string;
  password: string;
  /** Fixed values are for tests; normally a fresh random nonce and the current time are used. */
  nonce?: Buffer;
  created?: Date;
}

/** A `<wsse:Security>` header block carrying a digest UsernameToken. The password itself never appears. */
export function securityHeader({ username, password, nonce, created }: UsernameTokenInput): string {
  const nonceBytes = nonce ?? randomBytes(16);
  // Whole seconds: some devices reject fractional timestamps.
  const createdText = (created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const digest = passwordDigest(nonceBytes, createdText, password);
  return (
    `<wsse:Security s:mustUnderstand="1" xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}">` +
    '<wsse:UsernameToken>' +
    `<wsse:Username>${escapeXml(username)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_DIGEST_TYPE}">${digest}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${BASE64_ENCODING_TYPE}">${nonceBytes.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${createdText}</wsu:Created>` +
    '</wsse:UsernameToken>' +
    '</wsse:Security>'
  );
}
