#!/usr/bin/env python3
"""Labelling aid (LABELLING.md): corrects one frame's boxes in labels.json after looking at it, and appends the
command to tools/edits.log so that the corrections can be read back. Indices are the L<n> of the render before
the edit.  Usage: /usr/bin/python3 tools/edit.py <frame id> OP...
  -N                  delete box N            dN     mark box N difficult (again: not difficult)
  N=x1,y1,x2,y2       move box N              +x1,y1,x2,y2[,label][,d]   add a box (person unless named)
  ok                  looked at, nothing to change"""
import json, os, sys
from labels_io import dump
HERE = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(HERE, '..', 'labels.json')
data = json.load(open(path))
fid, ops = sys.argv[1], sys.argv[2:]
frame = next(f for f in data['frames'] if f['id'] == fid)
boxes = [dict(b) for b in frame['boxes']]
gone, added = set(), []
for op in ops:
    if op == 'ok': continue
    elif op.startswith('-'): gone.add(int(op[1:]))
    elif op.startswith('d'):
        b = boxes[int(op[1:])]
        if b.get('difficult'): b.pop('difficult')
        else: b['difficult'] = True
    elif op.startswith('+'):
        parts = op[1:].split(','); box = [int(v) for v in parts[:4]]
        rest = parts[4:]; b = dict(label=next((r for r in rest if r != 'd'), 'person'), box=box)
        if 'd' in rest: b['difficult'] = True
        added.append(b)
    elif '=' in op:
        i, v = op.split('='); boxes[int(i)]['box'] = [int(x) for x in v.split(',')]
    else: sys.exit(f'unknown op {op}')
frame['boxes'] = [b for i, b in enumerate(boxes) if i not in gone] + added
for b in frame['boxes']:
    x1, y1, x2, y2 = b['box']
    b['box'] = [max(0, x1), max(0, y1), min(frame['width'], x2), min(frame['height'], y2)]
open(path, 'w').write(dump(data))
with open(os.path.join(HERE, 'edits.log'), 'a') as log: log.write(' '.join([fid] + ops) + '\n')
