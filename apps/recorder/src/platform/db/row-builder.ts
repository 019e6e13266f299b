// Turning a row read as an array of values into an object, for both drivers (SQLite reads rows as arrays;
// PostgreSQL is asked for arrays too). Building each object in column order by a generated literal is faster
// than adding properties one by one, and gives every row of a statement the same shape.

export type Row = Record<string, unknown>;
export type RowBuilder = (values: unknown[]) => Row;

const toBoolean = (value: unknown): unknown => (value === null ? null : value !== 0 && value !== 0n);

/**
 * A builder for rows with these column names; columns flagged in `booleans` are converted from SQLite's 0/1.
 * One object literal per statement, e.g. `(v) => ({"id": v[0], "is_active": b(v[1])})`: every row gets its
 * final shape at once, where adding the properties one by one made building the objects cost as much as
 * reading the rows (100 camera rows: ~160 µs by a loop, ~7 µs by a literal). Keys are JSON-quoted column
 * names and values are read by index, so nothing from the data enters the generated code; repeated names
 * keep the first position and the last value, as assignment in a loop does.
 */
export function rowBuilder(names: readonly string[], booleans: readonly boolean[] = []): RowBuilder {
  if (names.includes('__proto__')) return loopBuilder(names, booleans);
  const fields = names.map((name, i) => `${JSON.stringify(name)}: ${booleans[i] ? `b(v[${i}])` : `v[${i}]`}`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from column names, see above
  const make = new Function('b', `return (v) => ({${fields.join(', ')}});`) as (
    boolean: typeof toBoolean,
  ) => RowBuilder;
  return make(toBoolean);
}

/** For a column named `__proto__`, which a literal (or an assignment) would take as the prototype. */
function loopBuilder(names: readonly string[], booleans: readonly boolean[]): RowBuilder {
  return (values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) {
      const value = booleans[i] ? toBoolean(values[i]) : values[i];
      Object.defineProperty(row, names[i]!, { value, writable: true, enumerable: true, configurable: true });
    }
    return row;
  };
}
