// The topic level made from a name (issue #32 item 8): valid for any broker, the same for the same name, bounded.
// The broker's side is tested against mosquitto in test/mqtt-topic-safety.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_NAME_LEVEL_BYTES, topicLevel, topicProblem } from '../src/modules/mqtt/mqtt-topics.js';

describe('topicLevel', () => {
  it('keeps ordinary names, accents, emoji and spaces as they are', () => {
    for (const name of ['porch', 'Front door', 'Einfahrt süd', '车库', 'gate 🚪'])
      assert.equal(topicLevel(name), name);
  });

  it('replaces separators, wildcards, NUL, control characters and non-characters with _', () => {
    assert.equal(topicLevel('front/porch'), 'front_porch');
    assert.equal(topicLevel('a+b#c'), 'a_b_c');
    assert.equal(topicLevel('porch\u0001'), 'porch_');
    assert.equal(topicLevel('a\u0000b\tc\nd\u007fe\u0085f\u009fg'), 'a_b_c_d_e_f_g');
    assert.equal(topicLevel('x\ufdd0\ufffe\uffff\u{1fffe}\u{10ffff}'), 'x_____');
    assert.equal(topicLevel('lone \ud800 surrogate \udc00'), 'lone _ surrogate _');
  });

  it('gives every level a broker accepts, and the same one for the same name', () => {
    const names = ['', '\u0000', '#', '/', '+'.repeat(300), 'é'.repeat(200), '\ud83d'.repeat(3)];
    for (let code = 0; code < 0x250; code++) names.push(`n${String.fromCodePoint(code)}`);
    for (const name of names) {
      const level = topicLevel(name);
      assert.equal(topicProblem(`nvr/cameras/1/zones/${level}/objects`), null, JSON.stringify(name));
      assert.ok(!level.includes('/'), JSON.stringify(name));
      assert.equal(topicLevel(name), level);
    }
    assert.equal(topicLevel(''), '_');
  });

  it('bounds the length in UTF-8 bytes, keeping long names apart', () => {
    const fits = '€'.repeat(64); // the longest zone name the API takes, in its widest characters
    assert.equal(topicLevel(fits), fits);
    const a = topicLevel('é'.repeat(300));
    const b = topicLevel(`${'é'.repeat(299)}e`);
    assert.ok(Buffer.byteLength(a) <= MAX_NAME_LEVEL_BYTES);
    assert.match(a, /^é+~[0-9a-f]{8}$/);
    assert.notEqual(a, b);
  });
});

describe('topicProblem', () => {
  it('refuses what a broker refuses, and accepts the rest', () => {
    assert.equal(topicProblem('nvr/cameras/1/online/state'), null);
    assert.equal(topicProblem(''), 'empty');
    assert.equal(topicProblem('nvr/+/x'), 'a wildcard (+ or #)');
    assert.equal(topicProblem('nvr/#'), 'a wildcard (+ or #)');
    assert.equal(topicProblem('nvr/a\u0001'), 'character U+0001');
    assert.equal(topicProblem('nvr/\u0085'), 'character U+0085');
    assert.equal(topicProblem('nvr/\uffff'), 'character U+FFFF');
    assert.equal(topicProblem('x'.repeat(65_536)), 'longer than 65,535 bytes');
  });
});
