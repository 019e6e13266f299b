// Building and compiling a Kysely query costs more than running an indexed read on SQLite (tens of µs for a
// listing with a count), and the hottest reads have the same shape every time. A CompiledRead builds its query
// once, with marker numbers in place of its numeric parameters, and afterwards only swaps the real values in.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Numbers no caller passes (ids, offsets and limits are ≥ 0): the first parameter's marker, then one less each. */
const FIRST_MARKER = -987_654_321;

export class CompiledRead<Row, Tables = Database> {
  #compiled: { query: CompiledQuery<Row>; argumentAt: number[] } | undefined;

  /** `build` gets one marker per argument that `run` will receive and must use each of them exactly once. */
  constructor(
    private readonly arity: number,
    private readonly build: (db: Kysely<Tables>, ...markers: number[]) => Compilable<Row>,
  ) {}

  async run(db: Kysely<Tables>, ...args: number[]): Promise<Row[]> {
    const { query, argumentAt } = (this.#compiled ??= this.#compile(db));
    const parameters = query.parameters.map((value, i) => {
      const at = argumentAt[i]!;
      return at < 0 ? value : args[at];
    });
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  }

  #compile(db: Kysely<Tables>) {
    const markers = Array.from({ length: this.arity }, (_, i) => FIRST_MARKER - i);
    const query = this.build(db, ...markers).compile();
    // for each compiled parameter: the index of the argument it stands for, or -1 for a constant
    const argumentAt = query.parameters.map((value) =>
      typeof value === 'number' ? markers.indexOf(value) : -1,
    );
    for (let i = 0; i < this.arity; i++) {
      const uses = argumentAt.filter((at) => at === i).length;
      if (uses !== 1) throw new Error(`CompiledRead: argument ${i} appears ${uses} times in the query`);
    }
    return { query, argumentAt };
  }
}
