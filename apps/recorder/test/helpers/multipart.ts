// multipart/form-data bodies for app.inject: file parts (uploads such as PEM files or a backup) and text fields.
import type { TestApp } from './app.js';

export function multipart(
  files: Record<string, Buffer | string>,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nvr${Math.random().toString(16).slice(2)}`;
  const part = (disposition: string, content: Buffer | string, type?: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
          (type ? `Content-Type: ${type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const parts = [
    ...Object.entries(files).map(([name, content]) =>
      part(`name="${name}"; filename="${name}"`, content, 'application/octet-stream'),
    ),
    ...Object.entries(fields).map(([name, value]) => part(`name="${name}"`, value)),
  ];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads media-source TLS material (cert_file, key_file, ca_bundle_file) as a superuser; returns the response. */
export function uploadMediaTls(t: TestApp, files: Record<string, Buffer | string>) {
  return t.request({
    method: 'POST',
    url: '/api/v1/media-source/tls',
    token: t.adminToken,
    ...multipart(files),
  });
}
