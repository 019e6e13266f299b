#!/usr/bin/env python3
"""Labelling aid (LABELLING.md): a first draft of a frame's boxes for the eye to correct, from both proposal
sources: CenterNet boxes >= 0.3 of the frame's labelled classes, plus moving blobs at least 40 px tall and
taller than wide that overlap none of those (IoU < 0.2). Fills only frames without boxes in labels.json."""
import json, os
from labels_io import dump
HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.path.abspath(os.path.join(HERE, '../../../../../test-fixtures/adapter/eval'))
path = os.path.join(HERE, '..', 'labels.json')
data = json.load(open(path))
props = json.load(open(os.path.join(EVAL, 'proposals.json')))
blobs = json.load(open(os.path.join(EVAL, 'blobs.json')))
def iou(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0]); h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0: return 0
    i = w * h; return i / ((a[2]-a[0])*(a[3]-a[1]) + (b[2]-b[0])*(b[3]-b[1]) - i)
for f in data['frames']:
    if f['boxes']: continue
    clamp = lambda b: [max(0, b[0]), max(0, b[1]), min(f['width'], b[2]), min(f['height'], b[3])]
    boxes = [dict(label=p['label'], box=clamp(p['box'])) for p in props[f['id']] if p['label'] in f['classes'] and p['score'] >= 0.3]
    for b in blobs.get(f['id'], []):
        if b[3] - b[1] >= 40 and b[3] - b[1] > b[2] - b[0] and all(iou(b, x['box']) < 0.2 for x in boxes):
            boxes.append(dict(label='person', box=b))
    f['boxes'] = boxes
open(path, 'w').write(dump(data))
