// The people recognised during an incident (issue #34 item 6): the names a live face_recognition model gives a
// camera's pictures while its incident is open join the incident, once each and up to a bound — a crowd, or a
// gallery that keeps misnaming one face, must not grow an item without end.

/** The most names one incident keeps (the first recognised). */
export const MAX_NAMES = 20;
/** The longest name kept (the face gallery allows 100 characters). */
export const MAX_NAME_LENGTH = 100;
/**
 * A face recognised this long before an incident began is the incident's: the face model may see someone in the
 * picture before the tracker has seen them move.
 */
export const NAMES_LEAD_MS = 10_000;

/** `current` with the new names of `seen` added in the order met, or null when nothing new fits. */
export function withNames(current: readonly string[], seen: readonly string[]): string[] | null {
  const names = [...current];
  for (const raw of seen) {
    const name = raw.trim().slice(0, MAX_NAME_LENGTH);
    if (name === '' || names.includes(name)) continue;
    if (names.length >= MAX_NAMES) break;
    names.push(name);
  }
  return names.length > current.length ? names : null;
}

/**
 * The names a camera's face model gave lately, so that an incident that opens just after finds them: each name
 * with when it was last seen, older ones forgotten, at most MAX_NAMES kept.
 */
export class RecentNames {
  readonly #byCamera = new Map<number, Map<string, number>>();

  seen(cameraId: number, names: readonly string[], at: number): void {
    const recent = this.#byCamera.get(cameraId) ?? new Map<string, number>();
    for (const name of names) {
      recent.delete(name); // re-inserted: the map's order is by when each was last seen
      recent.set(name, at);
    }
    for (const [name, when] of recent) {
      if (recent.size > MAX_NAMES || when < at - NAMES_LEAD_MS) recent.delete(name);
    }
    this.#byCamera.set(cameraId, recent);
  }

  /** The names seen on the camera at or after `since` (ms), in the order they were last seen. */
  since(cameraId: number, since: number): string[] {
    const recent = this.#byCamera.get(cameraId);
    if (!recent) return [];
    return [...recent].filter(([, at]) => at >= since).map(([name]) => name);
  }
}
