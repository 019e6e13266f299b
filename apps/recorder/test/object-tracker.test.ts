// The object tracker on its own (issue #19): a person walking a second apart keeps their track id although the
// boxes barely overlap; two people crossing keep theirs; a parked car that the detector misses for half a minute
// is still the same car (no new object, so no new alert), while a walker unseen for longer than the patience is
// gone; the best picture of a track is its surest, biggest one. Tracks end for everyone following them when
// their camera is binned or deleted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RecorderEvents, TrackedObjects as TrackedUpdate } from '../src/modules/recorder-events.js';
import { ObjectTracker, type SeenObject } from '../src/modules/tracking/object-tracker.js';
import { TrackedObjects } from '../src/modules/tracking/tracked-objects.js';
import { trackingReactions } from '../src/modules/tracking/tracking.reactions.js';
import { InternalEvents } from '../src/platform/events/internal-events.js';
import type { CameraChange } from '../src/modules/cameras/camera-change.js';

const person = (x: number, y: number, confidence = 0.8): SeenObject => ({
  label: 'person',
  confidence,
  box: { x, y, width: 0.04, height: 0.12 },
});
const car: SeenObject = { label: 'car', confidence: 0.9, box: { x: 0.6, y: 0.5, width: 0.2, height: 0.12 } };

describe('object tracker', () => {
  it('follows walkers across pictures a second apart, and crossing walkers keep their ids', () => {
    const tracker = new ObjectTracker('t');
    const first = tracker.update([person(0.1, 0.4), person(0.8, 0.42)], 0);
    const [left, right] = first.tracks.map((track) => track.track_id);
    // Each moves 0.035 a second towards the other (their boxes overlap their previous ones only a little).
    let update = first;
    for (let second = 1; second <= 16; second++) {
      update = tracker.update(
        [person(0.1 + 0.035 * second, 0.4), person(0.8 - 0.035 * second, 0.42)],
        second * 1000,
      );
    }
    assert.equal(update.tracks.length, 2);
    const byX = [...update.tracks].sort((a, b) => a.box.x - b.box.x);
    // they meet after 10 s; after 16 s they have swapped sides, each still under its own id
    assert.equal(byX[1]!.track_id, left);
    assert.equal(byX[0]!.track_id, right);
    assert.ok(update.tracks.every((track) => !track.stationary));
  });

  it('keeps a parked car through a long miss, but lets a walker go after a short one', () => {
    const tracker = new ObjectTracker('t');
    let update = tracker.update([car, person(0.1, 0.4)], 0);
    const carId = update.tracks.find((track) => track.label === 'car')!.track_id;
    const walkerEndedAt: number[] = [];
    for (let second = 1; second <= 12; second++) {
      update = tracker.update([car], second * 1000);
      if (update.ended.some((track) => track.label === 'person')) walkerEndedAt.push(second);
    }
    assert.deepEqual(walkerEndedAt, [5], 'the walker, unseen, ends after 4 s');
    assert.equal(update.tracks.find((track) => track.track_id === carId)!.stationary, true);
    // 30 s without the car, then it is seen again where it was: the same object.
    const missed = tracker.update([], 47_000);
    assert.deepEqual(missed.ended, []);
    const back = tracker.update([car], 48_000);
    assert.deepEqual(
      back.tracks.map((track) => track.track_id),
      [carId],
    );
  });

  it('keeps the surest, biggest picture of a track as its best', () => {
    const tracker = new ObjectTracker('t');
    tracker.update([person(0.5, 0.5, 0.5)], 0, 1);
    tracker.update([person(0.51, 0.5, 0.9)], 1000, 2);
    const { tracks } = tracker.update([person(0.52, 0.5, 0.6)], 2000, 3);
    assert.equal(tracks[0]!.best.result_id, 2);
    assert.equal(tracks[0]!.best.confidence, 0.9);
  });

  it('does not pick up an ended track: an object back after the patience is a new one', () => {
    const tracker = new ObjectTracker('t');
    const first = tracker.update([person(0.3, 0.4)], 0).tracks[0]!.track_id;
    // Nothing analysed for 20 s (a model gated on motion), then the same person at the same spot.
    const back = tracker.update([person(0.3, 0.4)], 20_000);
    assert.deepEqual(
      back.ended.map((track) => track.track_id),
      [first],
    );
    assert.notEqual(back.tracks[0]!.track_id, first);
  });

  it('ends the tracks of a camera that is binned or deleted, and only of that camera', () => {
    const events = new InternalEvents<RecorderEvents>((_event, error) => {
      throw error;
    });
    const objects = new TrackedObjects(events);
    trackingReactions(events, objects);
    const updates: TrackedUpdate[] = [];
    events.on('objects.tracked', (update) => void updates.push(update));
    const picture = { frame: { width: 640, height: 480 }, jpeg: Buffer.alloc(0), resultId: 1 };
    const walker = {
      label: 'person',
      confidence: 0.9,
      bbox: [64, 192, 90, 250] as [number, number, number, number],
    };
    for (const cameraId of [1, 2]) {
      objects.seen({ cameraId, modelId: 7, at: 1000, detections: [walker], ...picture });
    }
    updates.length = 0;
    const gone = (kind: CameraChange['kind'], id: number) =>
      events.emit('camera.changed', {
        kind,
        camera: { id } as CameraChange['camera'],
        sourceChanged: false,
        credentialsChanged: false,
      });
    gone('updated', 1);
    assert.equal(updates.length, 0, 'an edit ends nothing');
    gone('deleted', 1);
    assert.deepEqual(
      updates.map((u) => [u.cameraId, u.tracks.length, u.ended.length, u.picture]),
      [[1, 0, 1, null]],
    );
    // The camera's tracker went with it: a picture of a new camera 1 starts a new track.
    objects.seen({ cameraId: 1, modelId: 7, at: 2000, detections: [walker], ...picture });
    assert.notEqual(updates.at(-1)!.tracks[0]!.track_id, updates[0]!.ended[0]!.track_id);
  });
});
