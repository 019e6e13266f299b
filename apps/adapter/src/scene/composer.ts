// The built-in scene composer: a factual sentence assembled from real detector outputs. It is not a learned
// caption, and the task's model_id says so.
export interface SceneFacts {
  width: number;
  height: number;
  people: number;
  faces: { age: number; gender: 'male' | 'female' }[];
  objects: { label: string; centerX: number }[];
  /** Mean luma 0..255 of the frame. */
  brightness: number;
}

// COCO labels that are not "one X, n Xs".
const IRREGULAR: Record<string, [one: string, many: string]> = {
  person: ['person', 'people'],
  knife: ['knife', 'knives'],
  mouse: ['mouse', 'mice'],
  sheep: ['sheep', 'sheep'],
  skis: ['pair of skis', 'pairs of skis'],
  scissors: ['pair of scissors', 'pairs of scissors'],
};
const plural = (label: string, n: number): string => {
  const irregular = IRREGULAR[label];
  if (irregular) return irregular[n === 1 ? 0 : 1];
  if (n === 1) return label;
  // bus → buses, wine glass → wine glasses, bench → benches, toothbrush → toothbrushes
  return /(s|x|ch|sh)$/.test(label) ? `${label}es` : `${label}s`;
};
const count = (n: number, label: string) => `${n === 1 ? 'one' : String(n)} ${plural(label, n)}`;

function position(centerX: number, width: number): string {
  const r = centerX / width;
  return r < 1 / 3 ? 'left' : r > 2 / 3 ? 'right' : 'centre';
}

function lighting(brightness: number): string {
  if (brightness < 50) return 'dark';
  if (brightness < 100) return 'dim';
  if (brightness < 180) return 'well lit';
  return 'very bright';
}

function describeFaces(faces: SceneFacts['faces']): string {
  const parts = faces.map(
    (f) => `a ${f.gender === 'female' ? 'woman' : 'man'} of about ${Math.round(f.age)}`,
  );
  return parts.length ? `; visible faces: ${parts.join(', ')}` : '';
}

export function composeScene(facts: SceneFacts): string {
  const sentences: string[] = [];
  // Every visible face belongs to a person, even one the body detector missed.
  const people = Math.max(facts.people, facts.faces.length);
  sentences.push(
    people === 0
      ? 'No people are detected'
      : `${count(people, 'person').replace(/^one person/, 'One person')} ${people === 1 ? 'is' : 'are'} detected${describeFaces(facts.faces)}`,
  );
  // Group other objects by label, with where most of them are.
  const groups = new Map<string, number[]>();
  for (const o of facts.objects)
    if (o.label !== 'person') groups.set(o.label, [...(groups.get(o.label) ?? []), o.centerX]);
  const described = [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, 6)
    .map(([label, xs]) => {
      const sides = [...new Set(xs.map((x) => position(x, facts.width)))];
      return `${count(xs.length, label)} (${sides.length === 1 ? `${sides[0]}` : 'spread across the frame'})`;
    });
  if (described.length) sentences.push(`Also detected: ${described.join(', ')}`);
  sentences.push(`The ${facts.width}×${facts.height} frame is ${lighting(facts.brightness)}`);
  return `${sentences.join('. ')}.`;
}

/** Mean luma (BT.601) of an RGB buffer, sampled on a sparse grid: lighting needs no per-pixel precision. */
export function meanLuma(rgb: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 2 < rgb.length; i += 3 * 7) {
    sum += 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
    n++;
  }
  return n ? sum / n : 0;
}
