"""labels.json written compactly (a box and a source per line) in the layout prettier keeps."""
import json

def box_line(b):
    extra = ', "difficult": true' if b.get('difficult') else ''
    return f'{{ "label": {json.dumps(b["label"])}, "box": {json.dumps(b["box"])}{extra} }}'

def dump(data):
    lines = ['{', '  "frames": [']
    for n, f in enumerate(data['frames']):
        lines.append('    {')
        lines.append(f'      "id": {json.dumps(f["id"])},')
        src = ', '.join(f'{json.dumps(k)}: {json.dumps(v)}' for k, v in f['source'].items())
        lines.append(f'      "source": {{ {src} }},')
        lines.append(f'      "width": {f["width"]},')
        lines.append(f'      "height": {f["height"]},')
        lines.append(f'      "classes": {json.dumps(f["classes"])},')
        one = [box_line(b) for b in f['boxes']]
        if len(one) <= 1 and len(f'      "boxes": [{"".join(one)}]') <= 110:
            lines.append(f'      "boxes": [{"".join(one)}]')
        else:
            lines.append('      "boxes": [')
            for i, b in enumerate(f['boxes']):
                comma = ',' if i < len(f['boxes']) - 1 else ''
                lines.append(f'        {box_line(b)}{comma}')
            lines.append('      ]')
        lines.append('    },' if n < len(data['frames']) - 1 else '    }')
    lines += ['  ]', '}']
    return '\n'.join(lines) + '\n'
