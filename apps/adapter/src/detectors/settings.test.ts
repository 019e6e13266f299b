import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDetectorFile, parseLabels, resolvePreprocessing } from './settings.js';

describe('detector.json and labels.txt', () => {
  it('reads every field', () => {
    assert.deepEqual(
      parseDetectorFile(
        '{"layout":"yolox","decoded":true,"input":[416,416],"resize":"stretch","align":"center","channels":"rgb","normalize":{"mean":[0.485,0.456,0.406],"std":[0.229,0.224,0.225]},"iou":0.6}',
      ),
      {
        layout: 'yolox',
        decoded: true,
        input: [416, 416],
        resize: 'stretch',
        align: 'center',
        channels: 'rgb',
        normalize: { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
        iou: 0.6,
      },
    );
    assert.deepEqual(parseDetectorFile('{}'), {});
  });

  it('names the field of each mistake', () => {
    const cases: [string, RegExp][] = [
      ['{"inputs":[640,640]}', /unknown field "inputs"/],
      ['{"layout":"yolov9"}', /layout must be one of "yolov5", "yolov8", "yolox", "nms"/],
      ['{"input":[640]}', /input must be \[width, height\]/],
      ['{"input":[640, 0]}', /input must be/],
      ['{"resize":"fit"}', /resize must be one of "letterbox", "stretch"/],
      ['{"normalize":"0-100"}', /normalize must be/],
      ['{"normalize":{"mean":[0,0,0],"std":[1,0,1]}}', /normalize must be/],
      ['{"decoded":true}', /decoded must be given only with "layout": "yolox"/],
      ['{"layout":"nms","iou":0.5}', /iou must be left out/],
      ['{"iou":2}', /iou must be a number/],
      ['[1]', /must be an object/],
      ['{"layout":', /not JSON/],
    ];
    for (const [text, message] of cases) assert.throws(() => parseDetectorFile(text), message, text);
  });

  it('fills the defaults of each layout', () => {
    assert.deepEqual(resolvePreprocessing('yolov8', {}), {
      resize: 'letterbox',
      align: 'center',
      channels: 'rgb',
      normalize: '0-1',
    });
    assert.deepEqual(resolvePreprocessing('yolox', {}), {
      resize: 'letterbox',
      align: 'top-left',
      channels: 'bgr',
      normalize: '0-255',
    });
    assert.equal(resolvePreprocessing('yolox', { channels: 'rgb' }).channels, 'rgb');
  });

  it('reads labels one a line and refuses a gap', () => {
    assert.deepEqual(parseLabels('\uFEFFperson\r\ncar\n traffic light \n\n'), [
      'person',
      'car',
      'traffic light',
    ]);
    assert.throws(() => parseLabels('person\n\ncar\n'), /line 2 is blank/);
    assert.throws(() => parseLabels('\n\n'), /empty/);
    assert.throws(() => parseLabels('a\u0007b'), /line 1/);
  });
});
