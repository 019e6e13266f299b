import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JwtService } from '../src/platform/auth/jwt.js';
import { TicketService } from '../src/platform/auth/tickets.js';
import { requestContext } from '../src/platform/http/authentication.js';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('ticket service', () => {
  const epochOf = async () => 0;
  const tickets = new TicketService(new JwtService(Buffer.alloc(32, 1)), epochOf);

  it('issues scoped tickets that redeem for their purpose only', async () => {
    const media = await tickets.issue(7, { purpose: 'media', cameraId: 3 });
    assert.equal(media.expires_in, 300);
    assert.deepEqual(await tickets.redeem(media.ticket, 'media'), {
      userId: 7,
      scope: { purpose: 'media', cameraId: 3 },
      epoch: 0,
    });
    await assert.rejects(tickets.redeem(media.ticket, 'events'));
  });

  it('event tickets are single use; media tickets can be reused until they expire', async () => {
    const events = await tickets.issue(7, { purpose: 'events' });
    assert.equal(events.expires_in, 30);
    await tickets.redeem(events.ticket, 'events');
    await assert.rejects(tickets.redeem(events.ticket, 'events'));
    const media = await tickets.issue(7, { purpose: 'media', cameraId: 1 });
    await tickets.redeem(media.ticket, 'media');
    await tickets.redeem(media.ticket, 'media');
  });

  it('rejects tickets signed with another key, and access tokens posing as tickets', async () => {
    const foreign = await new TicketService(new JwtService(Buffer.alloc(32, 2)), epochOf).issue(7, {
      purpose: 'media',
    });
    await assert.rejects(tickets.redeem(foreign.ticket, 'media'));
    const access = await new JwtService(Buffer.alloc(32, 1)).sign('access', '7', 60, { purpose: 'media' });
    await assert.rejects(tickets.redeem(access.token, 'media'));
  });
});

describe('ticket authentication on routes', () => {
  let t: TestApp;
  const routes = (app: FastifyInstance) => {
    app.get(
      '/ticketed',
      { config: { ticket: 'events' } },
      async (request) => requestContext(request).principal,
    );
    app.get('/bearer-only', async (request) => requestContext(request).principal);
  };
  before(async () => {
    t = await createTestApp({ routes });
  });
  after(() => t.close());

  it('a route that accepts tickets authenticates the ticket holder, once', async () => {
    const { ticket } = await t.container.tickets.issue(1, { purpose: 'events' });
    const first = await t.request({ method: 'GET', url: `/ticketed?ticket=${ticket}` });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), {
      userId: 1,
      username: 'admin',
      isSuperuser: true,
      ticket: { purpose: 'events' },
    });
    assert.equal((await t.request({ method: 'GET', url: `/ticketed?ticket=${ticket}` })).statusCode, 401);
  });

  it('tickets are not general credentials, and a ticket of another purpose fails', async () => {
    const events = await t.container.tickets.issue(1, { purpose: 'events' });
    assert.equal(
      (await t.request({ method: 'GET', url: `/bearer-only?ticket=${events.ticket}` })).statusCode,
      401,
    );
    assert.equal(
      (await t.request({ method: 'GET', url: '/bearer-only', token: events.ticket })).statusCode,
      401,
    );
    const media = await t.container.tickets.issue(1, { purpose: 'media', cameraId: 1 });
    assert.equal(
      (await t.request({ method: 'GET', url: `/ticketed?ticket=${media.ticket}` })).statusCode,
      401,
    );
  });

  it('a ticket of a deactivated user fails', async () => {
    const user = await t.createUser('ticketeer');
    const { ticket } = await t.container.tickets.issue(user.id, { purpose: 'events' });
    await t.request({ method: 'DELETE', url: `/api/v1/users/${user.id}`, token: t.adminToken });
    assert.equal((await t.request({ method: 'GET', url: `/ticketed?ticket=${ticket}` })).statusCode, 401);
  });
});
