#!/usr/bin/env python3
"""Labelling aid (LABELLING.md): moving blobs of vtest.avi, a proposal source independent of the detector.
Median of every 5th frame as the background; per labelled vtest frame, pixels differing by > 30 grey levels,
closed with a 5x5 max/min filter, split into 8-connected components; components of >= 80 pixels become boxes.
Writes test-fixtures/adapter/eval/blobs.json. Run with Debian's python3 (numpy): /usr/bin/python3 tools/blobs.py"""
import json, os, subprocess, sys
from collections import deque
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '../../../../..'))
OUT = os.path.join(ROOT, 'test-fixtures/adapter/eval')
frames = json.load(open(os.path.join(HERE, '..', 'labels.json')))['frames']
video = [f for f in frames if 'frame' in f['source']]
src, w, h = video[0]['source']['file'], video[0]['width'], video[0]['height']
raw = subprocess.run(['ffmpeg', '-v', 'error', '-i', src, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
                     check=True, capture_output=True).stdout
all_frames = np.frombuffer(raw, np.uint8).reshape(-1, h, w)
background = np.median(all_frames[::5], axis=0)

def morph(mask, fn):
    p = np.pad(mask, 2)
    views = [p[dy:dy + h, dx:dx + w] for dy in range(5) for dx in range(5)]
    return fn.reduce(views)

def components(mask):
    seen = np.zeros_like(mask, bool)
    boxes = []
    for y, x in zip(*np.nonzero(mask)):
        if seen[y, x]:
            continue
        q = deque([(y, x)]); seen[y, x] = True
        ys, xs = [], []
        while q:
            cy, cx = q.popleft(); ys.append(cy); xs.append(cx)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny, nx = cy + dy, cx + dx
                    if 0 <= ny < h and 0 <= nx < w and mask[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True; q.append((ny, nx))
        if len(ys) >= 80:
            boxes.append([int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1])
    return boxes

out = {}
for f in video:
    diff = np.abs(all_frames[f['source']['frame']].astype(np.int16) - background) > 30
    closed = morph(morph(diff, np.logical_or), np.logical_and)
    out[f['id']] = components(closed)
json.dump(out, open(os.path.join(OUT, 'blobs.json'), 'w'))
print(f"blobs for {len(out)} frames in {OUT}/blobs.json", file=sys.stderr)
