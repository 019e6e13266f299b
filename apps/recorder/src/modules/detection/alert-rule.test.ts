import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALERT_UPDATE_MIN_MS,
  INCIDENT_LEAD_MS,
  LAST_SEEN_REFRESH_MS,
  alertUpdateDue,
  alertedForIncident,
  sightText,
  withMatch,
  type AlertSight,
} from './alert-rule.js';

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

describe('the alert following its incident', () => {
  const person = (n: number) =>
    Array.from({ length: n }, () => ({
      label: 'person',
      confidence: 0.9,
      bbox: [0, 0, 1, 1] as [number, number, number, number],
    }));
  const raised: AlertSight = { count: 1, labels: ['person'], lastSeenAt: 1_000 };

  it('takes in the most seen at once, every label, and when last seen', () => {
    let sight = withMatch(raised, person(3), 2_000);
    assert.deepEqual(sight, { count: 3, labels: ['person'], lastSeenAt: 2_000 });
    sight = withMatch(sight, [{ label: 'car', confidence: 0.8, bbox: [0, 0, 1, 1] }], 3_000);
    assert.deepEqual(sight, { count: 3, labels: ['person', 'car'], lastSeenAt: 3_000 });
    assert.equal(sightText(sight), '3 person/cars');
    assert.equal(sightText(raised), '1 person');
  });

  it('is written when it says more, never sooner than the rate limit after its last write', () => {
    const more = withMatch(raised, person(2), 1_500);
    assert.equal(alertUpdateDue(raised, 1_000, more, 1_500), ALERT_UPDATE_MIN_MS - 500, 'waits');
    assert.equal(alertUpdateDue(raised, 1_000, more, 1_000 + ALERT_UPDATE_MIN_MS), 0, 'now');
    const car = withMatch(raised, [{ label: 'car', confidence: 0.8, bbox: [0, 0, 1, 1] }], 9_000);
    assert.equal(alertUpdateDue(raised, 1_000, car, 9_000), 0, 'a new label');
  });

  it('is not written for the same scene, except to say it goes on every LAST_SEEN_REFRESH_MS', () => {
    const same = withMatch(raised, person(1), 20_000);
    assert.equal(alertUpdateDue(raised, 1_000, same, 20_000), null);
    const later = withMatch(raised, person(1), 1_000 + LAST_SEEN_REFRESH_MS);
    assert.equal(alertUpdateDue(raised, 1_000, later, 1_000 + LAST_SEEN_REFRESH_MS), 0);
  });
});
