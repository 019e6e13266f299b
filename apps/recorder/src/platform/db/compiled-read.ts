// Building and compiling a Kysely query costs more than running an indexed read on SQLite (tens of µs for a
// listing with a count; ~100 µs for a camera page with its visibility filter), and the hottest reads have the
// same shape every time. A CompiledRead builds its query once, with marker objects in place of its parameters,
// and afterwards only swaps the real values in.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stands for one argument while the query is built; Kysely binds it like any other value. */
class Marker {
  constructor(readonly index: number) {}
}

export class CompiledRead<Row, Tables = Database> {
  #compiled: { query: CompiledQuery<Row>; argumentAt: number[] } | undefined;

  /**
   * `build` gets one marker per argument that `run` will receive, to put where the values go (typed `never`, so
   * any value position takes it), and must use each at least once. Markers are bound as they are: they cannot
   * go through a function of the value (JSON.stringify, lower-casing) — do that to the argument instead.
   */
  constructor(
    private readonly arity: number,
    private readonly build: (db: Kysely<Tables>, ...markers: never[]) => Compilable<Row>,
  ) {}

  async run(db: Kysely<Tables>, ...args: unknown[]): Promise<Row[]> {
    const { query, argumentAt } = (this.#compiled ??= this.#compile(db));
    const parameters = query.parameters.map((value, i) => {
      const at = argumentAt[i]!;
      return at < 0 ? value : args[at];
    });
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  }

  #compile(db: Kysely<Tables>) {
    const markers = Array.from({ length: this.arity }, (_, i) => new Marker(i));
    const query = this.build(db, ...(markers as never[])).compile();
    // for each compiled parameter: the index of the argument it stands for, or -1 for a constant
    const argumentAt = query.parameters.map((value) => (value instanceof Marker ? value.index : -1));
    for (let i = 0; i < this.arity; i++) {
      if (!argumentAt.includes(i)) throw new Error(`CompiledRead: argument ${i} is not used by the query`);
    }
    return { query, argumentAt };
  }
}
