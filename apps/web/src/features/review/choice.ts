// The incidents a person has chosen on the list (to mark them reviewed together), as pure set operations: the
// list changes under the choice (filters, pages, incidents reviewed elsewhere), so what counts is always the
// chosen ones still shown.

/** The choice with `id` added, or removed when it was in. */
export function toggled(chosen: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(chosen);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The chosen ones among those shown, in the list's order. */
export function chosenShown(chosen: ReadonlySet<number>, shown: readonly number[]): number[] {
  return shown.filter((id) => chosen.has(id));
}

/** How the "choose all shown" box stands: none, some (indeterminate) or all of the shown ones chosen. */
export function allShownState(
  chosen: ReadonlySet<number>,
  shown: readonly number[],
): 'none' | 'some' | 'all' {
  const count = chosenShown(chosen, shown).length;
  return count === 0 ? 'none' : count === shown.length ? 'all' : 'some';
}

/** The choice after the "choose all shown" box is ticked (every shown one in) or cleared (every shown one out). */
export function withAllShown(
  chosen: ReadonlySet<number>,
  shown: readonly number[],
  on: boolean,
): Set<number> {
  const next = new Set(chosen);
  for (const id of shown) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
