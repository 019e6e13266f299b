// Fast tests (node:test, type-checked with apps/web/test) of the AI model form's config fields.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_CONFIG, configToFields, fieldsToConfig } from './modelConfig.js';

describe('model config fields', () => {
  it('a rule made in the form starts at high, where the default notification action sends from', () => {
    const made = fieldsToConfig({ ...EMPTY_CONFIG, alertOn: true, labels: 'person' }, true);
    assert.ok('config' in made);
    assert.deepEqual(JSON.parse(made.config!), {
      alert: {
        labels: ['person'],
        min_count: 1,
        min_confidence: 0.5,
        severity: 'high',
        cooldown_seconds: 60,
      },
    });
    // …as does a rule switched on for a model that had none.
    assert.equal(configToFields('{"params":{"min_confidence":0.4}}').severity, 'high');
  });

  it("a stored rule reads back as stored, one without a severity at the recorder's medium", () => {
    const stored = '{"alert":{"labels":["car"],"min_count":2,"min_confidence":0.6,"cooldown_seconds":5}}';
    const fields = configToFields(stored);
    assert.equal(fields.severity, 'medium');
    assert.equal(fields.labels, 'car');
    assert.equal(fields.minConfidence, '60');
    assert.equal(configToFields('{"alert":{"severity":"low"}}').severity, 'low');
  });

  it('keeps where a live model on motion looks, and says nothing of it otherwise', () => {
    const fields = configToFields('{"look_at":"motion","params":{"min_confidence":0.4}}');
    assert.equal(fields.lookAt, 'motion');
    const made = fieldsToConfig(fields, true);
    assert.ok('config' in made);
    assert.deepEqual(JSON.parse(made.config!), { params: { min_confidence: 0.4 }, look_at: 'motion' });
    // a model that runs always, or a recording model, looks at whole pictures
    const always = fieldsToConfig({ ...fields, trigger: 'always' }, true);
    assert.ok('config' in always && !always.config!.includes('look_at'));
    const recording = fieldsToConfig(fields, false);
    assert.ok('config' in recording && !recording.config!.includes('look_at'));
  });

  it('names the field of each problem and stores nothing then', () => {
    const made = fieldsToConfig({ ...EMPTY_CONFIG, alertOn: true, minCount: '0', params: '[1]' }, true);
    assert.ok('problems' in made);
    assert.deepEqual(Object.keys(made.problems).sort(), ['minCount', 'params']);
  });
});
