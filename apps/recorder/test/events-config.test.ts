import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

describe('event and alert configuration', () => {
  it('defaults: 7 days of events, a 15 s heartbeat, offline alerts after 60 s', () => {
    const config = loadConfig({});
    assert.deepEqual(config.events, { retentionDays: 7, heartbeatSeconds: 15 });
    assert.deepEqual(config.alerts, { offlineAlertSeconds: 60 });
  });

  it('reads the variables and names every bad one', () => {
    const config = loadConfig({
      EVENT_RETENTION_DAYS: '30',
      EVENTS_HEARTBEAT_SECONDS: '5',
      CAMERA_OFFLINE_ALERT_SECONDS: '120',
    });
    assert.deepEqual(config.events, { retentionDays: 30, heartbeatSeconds: 5 });
    assert.equal(config.alerts.offlineAlertSeconds, 120);
    assert.throws(
      () =>
        loadConfig({
          EVENT_RETENTION_DAYS: '0',
          EVENTS_HEARTBEAT_SECONDS: 'soon',
          CAMERA_OFFLINE_ALERT_SECONDS: '-1',
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        ['EVENT_RETENTION_DAYS', 'EVENTS_HEARTBEAT_SECONDS', 'CAMERA_OFFLINE_ALERT_SECONDS'].every((name) =>
          error.problems.some((p) => p.startsWith(name)),
        ),
    );
  });
});
