// The SOAP bodies the PTZ client sends: speeds scaled into the node's range, axes at rest left out, the
// timeout as an xs:duration, tokens escaped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { continuousMoveBody, duration, scale, type PtzCapabilities } from './ptz-client.js';
import { parseXml, path } from './xml.js';

const dome: PtzCapabilities = {
  profile_token: 'main&1',
  pan_tilt: { x: { min: -1, max: 1 }, y: { min: -1, max: 1 } },
  zoom: { min: -1, max: 1 },
  max_presets: 8,
  home_supported: false,
};

/** The body inside an element declaring the prefixes, as the envelope does. */
const parse = (body: string) =>
  parseXml(`<r xmlns:tptz="urn:ptz" xmlns:tt="urn:tt">${body.replace(/ xmlns:tptz="[^"]*"/, '')}</r>`)
    .children[0]!;

describe('PTZ SOAP bodies', () => {
  it('ContinuousMove carries the profile, pan/tilt and zoom velocities and the timeout', () => {
    const move = parse(continuousMoveBody(dome, { pan: 0.5, tilt: -0.25, zoom: 1 }, 1500));
    assert.equal(move.name, 'ContinuousMove');
    assert.equal(path(move, 'ProfileToken')?.text, 'main&1');
    assert.deepEqual({ ...path(move, 'Velocity', 'PanTilt')?.attributes }, { x: '0.5', y: '-0.25' });
    assert.deepEqual({ ...path(move, 'Velocity', 'Zoom')?.attributes }, { x: '1' });
    assert.equal(path(move, 'Timeout')?.text, 'PT1.5S');
    assert.match(continuousMoveBody(dome, { pan: 1 }), /main&amp;1/);
  });

  it('leaves axes at rest out, and the timeout when none is given', () => {
    const zoomOnly = parse(continuousMoveBody(dome, { zoom: -0.3 }));
    assert.deepEqual(
      path(zoomOnly, 'Velocity')?.children.map((c) => c.name),
      ['Zoom'],
    );
    assert.equal(path(zoomOnly, 'Timeout'), undefined);
    const tiltOnly = parse(continuousMoveBody(dome, { tilt: 1 }));
    assert.deepEqual({ ...path(tiltOnly, 'Velocity', 'PanTilt')?.attributes }, { x: '0', y: '1' });
  });

  it('scales -1..1 into the node’s range by side, so 0 stays 0 in an asymmetric range', () => {
    assert.equal(scale(1, { min: -2, max: 0.5 }), '0.5');
    assert.equal(scale(-1, { min: -2, max: 0.5 }), '-2');
    assert.equal(scale(-0.5, { min: -2, max: 0.5 }), '-1');
    assert.equal(scale(0, { min: -2, max: 0.5 }), '0');
    assert.equal(scale(1 / 3, { min: -1, max: 1 }), '0.3333', 'short decimals, no exponent');
    assert.equal(scale(1e-9, { min: -1, max: 1 }), '0');
  });

  it('writes timeouts as xs:duration seconds', () => {
    assert.equal(duration(100), 'PT0.1S');
    assert.equal(duration(60_000), 'PT60S');
  });
});
