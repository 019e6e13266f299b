// What of a URL may be shown once it is stored: scheme, host, port and path. Credentials (`user:pass@`), every
// query value (`?token=…`, `?key=…`, `?sig=…`: any of them may be the secret) and the fragment are replaced by
// SECRET_MASK. Done on the text, not through `new URL`, so what is shown is the URL as it was given.

/** Stands for a stored secret in responses; a client sending it back means "keep what is stored". */
export const SECRET_MASK = '***';

interface UrlParts {
  /** `https://` */
  scheme: string;
  /** `user:pass` or `user`, without the `@`; null when there is none */
  userinfo: string | null;
  /** `host:port` */
  host: string;
  path: string;
  /** the text after `?`, null when there is no `?` */
  query: string | null;
  /** the text after `#`, null when there is no `#` */
  fragment: string | null;
}

const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/is;

function splitUrl(url: string): UrlParts | null {
  const match = URL_PARTS.exec(url);
  if (!match) return null;
  const authority = match[2]!;
  const at = authority.lastIndexOf('@');
  return {
    scheme: match[1]!,
    userinfo: at === -1 ? null : authority.slice(0, at),
    host: at === -1 ? authority : authority.slice(at + 1),
    path: match[3]!,
    query: match[4] ?? null,
    fragment: match[5] ?? null,
  };
}

const queryItems = (query: string) => query.split('&').filter((item) => item !== '');

/** The URL with credentials, query values and fragment masked; SECRET_MASK alone for text that is no URL. */
export function maskUrlSecrets(url: string): string {
  const parts = splitUrl(url);
  if (!parts) return SECRET_MASK;
  let masked = parts.scheme;
  if (parts.userinfo !== null) {
    masked += parts.userinfo.includes(':') ? `${SECRET_MASK}:${SECRET_MASK}@` : `${SECRET_MASK}@`;
  }
  masked += parts.host + parts.path;
  if (parts.query !== null) {
    const items = queryItems(parts.query).map((item) => {
      const eq = item.indexOf('=');
      return eq === -1 ? SECRET_MASK : `${item.slice(0, eq)}=${SECRET_MASK}`;
    });
    masked += `?${items.join('&')}`;
  }
  if (parts.fragment !== null) masked += `#${SECRET_MASK}`;
  return masked;
}

/** True when the URL holds anything maskUrlSecrets hides. */
export const urlHasSecrets = (url: string): boolean => maskUrlSecrets(url) !== url;

/** True when one of the masked positions of the URL holds SECRET_MASK itself (a masked URL sent back). */
export function urlHoldsMask(url: string): boolean {
  const parts = splitUrl(url);
  if (!parts) return false;
  const userinfo = parts.userinfo?.split(':') ?? [];
  const values = queryItems(parts.query ?? '').map((item) => item.slice(item.indexOf('=') + 1));
  return [...userinfo, ...values, parts.fragment].includes(SECRET_MASK);
}
