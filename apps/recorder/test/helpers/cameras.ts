import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

let nextHost = 1;

/** A camera on its own loopback address (so background RTSPS probes stay on this machine). */
export async function createCamera(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const host = `127.0.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 1}`;
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
