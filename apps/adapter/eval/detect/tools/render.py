#!/usr/bin/env python3
"""Labelling aid (LABELLING.md): draws one frame enlarged with numbered boxes, for looking at.
  red    c<n> score  CenterNet proposals (proposals.json) of the frame's labelled classes, >= 0.2 unless --min
  blue   b<n>        moving blobs (blobs.json, vtest only)
  green  L<n>        the boxes in labels.json (yellow when difficult)
Usage: /usr/bin/python3 tools/render.py <frame id> [out.png] [--labels-only] [--crop x1 y1 x2 y2] [--scale s] [--min score]
A crop is drawn with a pixel grid (a line every 10 px, numbered every 50 px in frame pixels)."""
import json, os, sys
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.path.abspath(os.path.join(HERE, '../../../../../test-fixtures/adapter/eval'))
args = sys.argv[1:]
def opt(name, n):
    if name not in args: return None
    i = args.index(name); vals = args[i + 1:i + 1 + n]; del args[i:i + 1 + n]; return vals
crop = opt('--crop', 4); minimum = opt('--min', 1); scale = opt('--scale', 1); labels_only = opt('--labels-only', 0) is not None
fid = args[0]; out = args[1] if len(args) > 1 else f'/tmp/render-{fid}.png'
frame = next(f for f in json.load(open(os.path.join(HERE, '..', 'labels.json')))['frames'] if f['id'] == fid)
ext = '.png' if 'frame' in frame['source'] else os.path.splitext(frame['source']['file'])[1]
img = Image.open(os.path.join(EVAL, fid + ext)).convert('RGB')
x0, y0 = (0, 0)
if crop:
    x0, y0, x1, y1 = map(int, crop); img = img.crop((x0, y0, x1, y1))
s = float(scale[0]) if scale else (4.0 if crop else 1.5)
img = img.resize((round(img.width * s), round(img.height * s)), Image.LANCZOS)
d = ImageDraw.Draw(img)
font = ImageFont.truetype('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', 13)
T = lambda x, y: ((x - x0) * s, (y - y0) * s)
if crop:
    for gx in range((x0 // 10 + 1) * 10, int(crop[2]), 10):
        d.line([T(gx, y0), T(gx, int(crop[3]))], fill=(255, 255, 255) if gx % 50 == 0 else (120, 120, 120), width=1)
        if gx % 50 == 0: d.text(T(gx + 1, y0), str(gx), fill=(255, 255, 0), font=font)
    for gy in range((y0 // 10 + 1) * 10, int(crop[3]), 10):
        d.line([T(x0, gy), T(int(crop[2]), gy)], fill=(255, 255, 255) if gy % 50 == 0 else (120, 120, 120), width=1)
        if gy % 50 == 0: d.text(T(x0, gy + 1), str(gy), fill=(255, 255, 0), font=font)
def box(b, colour, text, below=False):
    (a, c), (e, f) = T(b[0], b[1]), T(b[2], b[3])
    d.rectangle([a, c, e, f], outline=colour, width=2)
    d.text((a + 2, f - 15) if below else (a + 2, c + 1), text, fill=colour, font=font, stroke_width=2, stroke_fill=(0, 0, 0))
if not labels_only:
    props = json.load(open(os.path.join(EVAL, 'proposals.json')))[fid]
    for i, p in enumerate(props):
        if p['label'] in frame['classes'] and p['score'] >= (float(minimum[0]) if minimum else 0.2):
            tag = '' if p['label'] == 'person' else p['label'][:5] + ' '
            box(p['box'], (255, 40, 40), f"c{i} {tag}{p['score']:.2f}")
    blobs = json.load(open(os.path.join(EVAL, 'blobs.json'))).get(fid, []) if os.path.exists(os.path.join(EVAL, 'blobs.json')) else []
    for i, b in enumerate(blobs):
        box(b, (60, 140, 255), f'b{i}', below=True)
for i, b in enumerate(frame['boxes']):
    tag = '' if b['label'] == 'person' else b['label'][:5]
    box(b['box'], (255, 230, 0) if b.get('difficult') else (40, 230, 40), f'L{i}{tag}', below=not labels_only)
img.save(out)
print(out)
