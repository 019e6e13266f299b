// The face gallery: people with one or more registered faces, kept under DATA_DIR/faces so it survives
// restarts. One JSON file per person (name, faces, descriptors as base64 float32) plus a small JPEG crop per
// face. Every file is written to a temporary name and renamed into place, so a crash leaves the old or the
// new version, never half of one; changes are serialised so two requests never interleave their writes.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdapterError } from '../errors.js';
import { FaceIndex, type Match } from './matcher.js';

export interface GalleryFace {
  id: string;
  created_at: string;
  /** Where the picture came from: a frame URI, or "upload". */
  source: string;
  descriptor: Float32Array;
}

export interface Person {
  id: string;
  name: string;
  created_at: string;
  faces: GalleryFace[];
}

/** A face to add: its descriptor, a JPEG crop and its source. */
export interface NewFace {
  descriptor: Float32Array;
  crop: Uint8Array;
  source: string;
}

/**
 * Refuses faces that already belong to someone else: a face whose closest registered face is another person's
 * at `threshold` or more (recognition would name that person) is not stored. `labels` name the pictures.
 */
export interface LookalikeCheck {
  threshold: number;
  labels: readonly string[];
}

/** A built index, the people its owners refer to, and how many lookups use it (it is freed when stale and idle). */
interface IndexState {
  ready: Promise<FaceIndex>;
  owners: Person[];
  users: number;
  stale: boolean;
}

const release = (state: IndexState) =>
  void state.ready.then((index) => index.dispose()).catch(() => undefined);

export const MAX_NAME_LENGTH = 100;
const ID = /^[0-9a-f-]{36}$/;

/** Names are shown to people and used as DeepStack `userid`s: 1–100 printable characters, trimmed. */
export function checkName(raw: unknown, field = 'name'): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (
    !name ||
    name.length > MAX_NAME_LENGTH ||
    [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  )
    throw new AdapterError(
      'invalid_request',
      `${field} must be 1-${MAX_NAME_LENGTH} printable characters (got ${JSON.stringify(raw) ?? 'nothing'})`,
    );
  return name;
}

const encode = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
function decode(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A person file; a broken one stops the start with its name rather than losing that person silently. */
async function readPersonFile(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`face gallery file ${path} cannot be read: ${(err as Error).message}`);
  }
}

async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temp, data, { mode: 0o600 });
  await rename(temp, path);
}

export class FaceGallery {
  private readonly people = new Map<string, Person>();
  private queue: Promise<unknown> = Promise.resolve();
  private index: IndexState | null = null;

  private constructor(
    private readonly dir: string,
    readonly dimensions: number,
  ) {}

  /** Loads every person file under `dir` (created if missing); leftovers of interrupted writes are removed. */
  static async open(dir: string, dimensions: number): Promise<FaceGallery> {
    const gallery = new FaceGallery(dir, dimensions);
    await mkdir(gallery.personsDir, { recursive: true });
    await mkdir(gallery.cropsDir, { recursive: true });
    for (const sub of [gallery.personsDir, gallery.cropsDir]) {
      for (const file of await readdir(sub))
        if (file.endsWith('.tmp')) await rm(join(sub, file), { force: true });
    }
    for (const file of await readdir(gallery.personsDir)) {
      if (!file.endsWith('.json')) continue;
      const stored = (await readPersonFile(join(gallery.personsDir, file))) as Omit<Person, 'faces'> & {
        faces: (Omit<GalleryFace, 'descriptor'> & { descriptor: string })[];
      };
      const faces = stored.faces.map((f) => ({ ...f, descriptor: decode(f.descriptor) }));
      // A gallery written with another embedding cannot be matched against this one.
      if (faces.some((f) => f.descriptor.length !== dimensions))
        throw new Error(`${file}: face descriptors are not ${dimensions}-d; re-register this person`);
      gallery.people.set(stored.id, { ...stored, faces });
    }
    return gallery;
  }

  private get personsDir() {
    return join(this.dir, 'persons');
  }
  private get cropsDir() {
    return join(this.dir, 'crops');
  }
  cropPath(faceId: string): string {
    if (!ID.test(faceId)) throw new AdapterError('face_not_found', `no face ${faceId}`);
    return join(this.cropsDir, `${faceId}.jpg`);
  }

  list(): Person[] {
    return [...this.people.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(id: string): Person {
    const person = this.people.get(id);
    if (!person) throw new AdapterError('person_not_found', `no person with id ${id}`);
    return person;
  }

  findByName(name: string): Person | undefined {
    return [...this.people.values()].find((p) => p.name === name);
  }

  get faceCount(): number {
    let n = 0;
    for (const p of this.people.values()) n += p.faces.length;
    return n;
  }

  /** Creates a person with at least one face; a name already taken is refused (and lookalikes, when checked). */
  create(name: string, faces: NewFace[], lookalikes?: LookalikeCheck): Promise<Person> {
    return this.change(async () => {
      if (this.findByName(name))
        throw new AdapterError('person_exists', `a person named "${name}" exists already`);
      if (lookalikes) await this.refuseLookalikes(faces, null, name, lookalikes);
      const person: Person = { id: randomUUID(), name, created_at: new Date().toISOString(), faces: [] };
      return this.addTo(person, faces);
    });
  }

  /** Adds faces to a person (by id); with `lookalikes`, faces that are someone else's are refused. */
  addFaces(id: string, faces: NewFace[], lookalikes?: LookalikeCheck): Promise<Person> {
    return this.change(async () => {
      const person = this.get(id);
      if (lookalikes) await this.refuseLookalikes(faces, id, person.name, lookalikes);
      return this.addTo(person, faces);
    });
  }

  /** Checked inside the change, so two registrations of one face under two names cannot both pass. */
  private async refuseLookalikes(
    faces: NewFace[],
    ownId: string | null,
    name: string,
    check: LookalikeCheck,
  ) {
    const matches = await this.match(faces.map((f) => f.descriptor));
    matches.forEach((m, i) => {
      if (!m || m.person.id === ownId || m.similarity < check.threshold) return;
      const similarity = Math.round(m.similarity * 1000) / 1000;
      throw new AdapterError(
        'face_exists',
        `the face in ${check.labels[i] ?? 'the picture'} is already registered as "${m.person.name}" ` +
          `(similarity ${similarity}, recognition names a face from ${check.threshold}); add it to that person, ` +
          `or register it as "${name}" with "force": true if they are different people`,
        {
          details: {
            person_id: m.person.id,
            person_name: m.person.name,
            similarity,
            threshold: check.threshold,
            picture: check.labels[i] ?? null,
          },
        },
      );
    });
  }

  rename(id: string, name: string): Promise<Person> {
    return this.change(async () => {
      const person = this.get(id);
      const other = this.findByName(name);
      if (other && other.id !== id)
        throw new AdapterError('person_exists', `a person named "${name}" exists already`);
      const renamed = { ...person, name };
      await this.save(renamed);
      this.people.set(id, renamed);
      return renamed;
    });
  }

  deletePerson(id: string): Promise<void> {
    return this.change(async () => {
      const person = this.get(id);
      await rm(join(this.personsDir, `${id}.json`), { force: true });
      this.people.delete(id);
      await Promise.all(person.faces.map((f) => this.removeCrop(f.id)));
    });
  }

  /**
   * Merges person `fromId` into `id` (one person registered twice): `id` keeps its name and gains the other's
   * faces (descriptors and crops as they are), and `fromId` is removed. The merged person is written before the
   * other's file goes; a crash in between leaves both files naming the same faces, which removeCrop tolerates.
   */
  merge(id: string, fromId: string): Promise<Person> {
    return this.change(async () => {
      if (id === fromId)
        throw new AdapterError('invalid_request', 'a person cannot be merged into themselves');
      const person = this.get(id);
      const from = this.get(fromId);
      const merged = { ...person, faces: [...person.faces, ...from.faces] };
      await this.save(merged);
      this.people.set(id, merged);
      await rm(join(this.personsDir, `${fromId}.json`), { force: true });
      this.people.delete(fromId);
      return merged;
    });
  }

  /** Removes one face; a person's last face takes the person with it (a person without faces matches nothing). */
  deleteFace(id: string, faceId: string): Promise<Person | null> {
    return this.change(async () => {
      const person = this.get(id);
      if (!person.faces.some((f) => f.id === faceId))
        throw new AdapterError('face_not_found', `person ${id} has no face ${faceId}`);
      const faces = person.faces.filter((f) => f.id !== faceId);
      if (faces.length === 0) {
        await rm(join(this.personsDir, `${id}.json`), { force: true });
        this.people.delete(id);
      } else {
        const updated = { ...person, faces };
        await this.save(updated);
        this.people.set(id, updated);
      }
      await this.removeCrop(faceId);
      return this.people.get(id) ?? null;
    });
  }

  /** The closest registered face's person for each descriptor (null entries for an empty gallery). */
  async match(descriptors: Float32Array[]): Promise<({ person: Person; similarity: number } | null)[]> {
    if (descriptors.length === 0) return [];
    const state = this.currentIndex();
    state.users++;
    try {
      const best = await (await state.ready).best(descriptors);
      return best.map((m: Match | null) =>
        m ? { person: state.owners[m.owner]!, similarity: m.similarity } : null,
      );
    } finally {
      state.users--;
      if (state.stale && state.users === 0) release(state);
    }
  }

  /** Drops the lookup index (rebuilt on the next match); lookups still using it finish first. */
  invalidate(): void {
    const old = this.index;
    this.index = null;
    if (!old) return;
    old.stale = true;
    if (old.users === 0) release(old);
  }

  private currentIndex(): IndexState {
    if (!this.index) {
      const owners = this.list();
      const entries = owners.flatMap((p, owner) => p.faces.map((f) => ({ owner, descriptor: f.descriptor })));
      const state: IndexState = {
        ready: FaceIndex.build(this.dimensions, entries),
        owners,
        users: 0,
        stale: false,
      };
      // A failed build is forgotten so the next lookup tries again.
      state.ready.catch(() => {
        if (this.index === state) this.index = null;
      });
      this.index = state;
    }
    return this.index;
  }

  /** A face's crop, unless another person still names that face (left by a merge interrupted by a crash). */
  private async removeCrop(faceId: string): Promise<void> {
    for (const p of this.people.values()) if (p.faces.some((f) => f.id === faceId)) return;
    await rm(this.cropPath(faceId), { force: true });
  }

  /** Crops first, then the person file: a crash in between leaves an unreferenced crop, never a missing one. */
  private async addTo(person: Person, faces: NewFace[]): Promise<Person> {
    const added = faces.map((f) => {
      if (f.descriptor.length !== this.dimensions) throw new Error('descriptor of the wrong size');
      return {
        id: randomUUID(),
        created_at: new Date().toISOString(),
        source: f.source,
        descriptor: f.descriptor,
      };
    });
    await Promise.all(added.map((f, i) => writeAtomically(this.cropPath(f.id), faces[i]!.crop)));
    const updated = { ...person, faces: [...person.faces, ...added] };
    try {
      await this.save(updated);
    } catch (err) {
      await Promise.all(added.map((f) => rm(this.cropPath(f.id), { force: true })));
      throw err;
    }
    this.people.set(updated.id, updated);
    return updated;
  }

  private save(person: Person): Promise<void> {
    const stored = {
      ...person,
      faces: person.faces.map((f) => ({ ...f, descriptor: encode(f.descriptor) })),
    };
    return writeAtomically(join(this.personsDir, `${person.id}.json`), JSON.stringify(stored));
  }

  /** Runs changes one at a time; each one invalidates the lookup index. */
  private change<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run.finally(() => this.invalidate());
  }
}
