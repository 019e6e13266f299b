import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INCIDENT_LEAD_MS, alertedForIncident } from './alert-rule.js';

describe('one alert per incident', () => {
  const since = 1_000_000;

  it('lets the first alert of an incident through, and holds the next ones while it stays open', () => {
    assert.equal(alertedForIncident(null, since), false, 'the model never alerted');
    assert.equal(alertedForIncident(since - 60_000, since), false, 'its last alert was for an earlier scene');
    assert.equal(alertedForIncident(since + 5_000, since), true);
  });

  it('counts an alert raised just before the tracker opened the incident as the incident’s', () => {
    assert.equal(alertedForIncident(since - INCIDENT_LEAD_MS, since), true);
    assert.equal(alertedForIncident(since - INCIDENT_LEAD_MS - 1, since), false);
  });

  it('holds nothing back when no incident is open (the cooldown alone decides)', () => {
    assert.equal(alertedForIncident(since, null), false);
  });
});
