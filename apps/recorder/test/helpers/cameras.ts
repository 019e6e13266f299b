import assert from 'node:assert/strict';
import type { AuditLogResponse } from '../../src/modules/audit/audit.schemas.js';
import type { TestApp } from './app.js';

let nextHost = 1;

/**
 * A camera at an address of its own that the background RTSPS probe settles at once: a loopback address for
 * the bootstrap superuser, and for anyone else (who may not point a camera at this machine) a name under
 * `.invalid`, which never resolves (RFC 6761).
 */
export async function createCamera(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const n = nextHost++;
  const host =
    token === t.adminToken ? `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}` : `cam-${n}.test.invalid`;
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/cameras?force=true',
    token,
    payload: { name: `cam ${host}`, ip_address: host, ...fields },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

/** Grants a user rights on a camera through the API, as the superuser. */
export async function grant(
  t: TestApp,
  cameraId: number,
  userId: number,
  rights: { can_view?: boolean; can_manage?: boolean },
) {
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/cameras/${cameraId}/permissions`,
    token: t.adminToken,
    payload: { user_id: userId, ...rights },
  });
  assert.equal(response.statusCode, 200, response.body);
}

/** Moves a camera into the bin through the API. */
export async function binCamera(t: TestApp, token: string, cameraId: number) {
  const response = await t.request({ method: 'DELETE', url: `/api/v1/cameras/${cameraId}`, token });
  assert.equal(response.statusCode, 200, response.body);
}

/** The confirmation phrase hard delete asks for (API.md §4). */
export function hardDeletePhrase(cameraName: string): string {
  return `hard delete ${cameraName} and it's recording`;
}

/** An audit row as the API answers it. */
export type AuditRow = AuditLogResponse & { details: Record<string, unknown> | string | null };

/** The newest audit rows (500 unless `query` says otherwise), newest first, read through the API as the superuser. */
export async function auditRows(
  t: TestApp,
  query: Record<string, string | number> = {},
): Promise<AuditRow[]> {
  const params = new URLSearchParams({ limit: '500' });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/audit-logs?${params.toString()}`,
    token: t.adminToken,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ logs: AuditRow[] }>().logs;
}
