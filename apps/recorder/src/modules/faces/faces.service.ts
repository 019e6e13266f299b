// The face gallery through the recorder (superusers only): a thin proxy to the gallery API of the adapter that
// serves face_recognition, so the web app can manage known people without talking to the adapter. With several
// such adapters, the first by name (in a stable order) holds the gallery. Adapter refusals keep their status
// and message (no face / several faces 422, unknown person 404, name taken 409); an unreachable adapter is 502.
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { AdapterCallError } from '../adapters/adapter-client.js';
import type { AdapterEntry, AdapterRegistry } from '../adapters/adapter-registry.js';
import type {
  FacesAdd,
  GalleryList,
  GalleryPerson,
  PersonCreate,
  PersonMerge,
  PersonRename,
} from './faces.schemas.js';

const TASK = 'face_recognition';
/** The adapter's crops are at most 160 px (a few kB); anything much larger is not a crop. */
const CROP_MAX_BYTES = 1024 * 1024;

export class FacesService {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly audit: AuditService,
  ) {}

  async list(context: RequestContext): Promise<GalleryList> {
    requireSuperuser(context.principal);
    const adapter = this.#adapter();
    const body = (await this.#call(adapter, 'GET', '/faces/persons')) as { persons: GalleryPerson[] };
    return { adapter: adapter.name, persons: body.persons };
  }

  async get(context: RequestContext, id: string): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    return (await this.#call(this.#adapter(), 'GET', `/faces/persons/${id}`)) as GalleryPerson;
  }

  async create(context: RequestContext, body: PersonCreate): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    const person = (await this.#call(this.#adapter(), 'POST', '/faces/persons', {
      name: body.name,
      frames: body.images.map((b64) => ({ b64 })),
      force: body.force,
    })) as GalleryPerson;
    await this.#audit(context, 'face_person.create', person.id, {
      name: person.name,
      faces: person.face_count,
    });
    return person;
  }

  async addFaces(context: RequestContext, id: string, body: FacesAdd): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    const person = (await this.#call(this.#adapter(), 'POST', `/faces/persons/${id}/faces`, {
      frames: body.images.map((b64) => ({ b64 })),
      force: body.force,
    })) as GalleryPerson;
    await this.#audit(context, 'face_person.add_faces', id, { added: body.images.length });
    return person;
  }

  async rename(context: RequestContext, id: string, body: PersonRename): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    const person = (await this.#call(
      this.#adapter(),
      'PATCH',
      `/faces/persons/${id}`,
      body,
    )) as GalleryPerson;
    await this.#audit(context, 'face_person.rename', id, { name: person.name });
    return person;
  }

  async remove(context: RequestContext, id: string): Promise<void> {
    requireSuperuser(context.principal);
    await this.#call(this.#adapter(), 'DELETE', `/faces/persons/${id}`);
    await this.#audit(context, 'face_person.delete', id, {});
  }

  /**
   * Merges person `body.from` into `id` (one person registered twice): `id` keeps its name and gains the other's
   * faces; the other is removed.
   */
  async merge(context: RequestContext, id: string, body: PersonMerge): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    const person = (await this.#call(this.#adapter(), 'POST', `/faces/persons/${id}/merge`, {
      from: body.from,
    })) as GalleryPerson;
    await this.#audit(context, 'face_person.merge', id, { from: body.from, faces: person.face_count });
    return person;
  }

  /** A face's JPEG crop (a few kB; read up to CROP_MAX_BYTES). Reading is not audited, as for list/get. */
  async crop(context: RequestContext, id: string, faceId: string): Promise<Buffer> {
    requireSuperuser(context.principal);
    const adapter = this.#adapter();
    return this.#refusals(adapter, () =>
      adapter.client.galleryImage(`/faces/persons/${id}/faces/${faceId}/crop`, CROP_MAX_BYTES),
    );
  }

  /** Removes one face; the person, or null when it was their last face (the person went with it). */
  async removeFace(context: RequestContext, id: string, faceId: string): Promise<GalleryPerson | null> {
    requireSuperuser(context.principal);
    const person = (await this.#call(
      this.#adapter(),
      'DELETE',
      `/faces/persons/${id}/faces/${faceId}`,
    )) as GalleryPerson | null;
    await this.#audit(context, 'face_person.delete_face', id, { face_id: faceId });
    return person;
  }

  #adapter(): AdapterEntry {
    const serving = this.registry
      .list()
      .filter((e) => e.status === 'available' && e.card?.tasks.includes(TASK))
      .sort((a, b) => a.name.localeCompare(b.name));
    const adapter = serving[0];
    if (!adapter) throw new AppError(503, 'No available AI adapter serves face_recognition');
    return adapter;
  }

  async #call(
    adapter: AdapterEntry,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
  ): Promise<unknown> {
    return this.#refusals(adapter, () => adapter.client.gallery(method, path, json));
  }

  async #refusals<T>(adapter: AdapterEntry, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof AdapterCallError)) throw error;
      // The adapter's own refusals (a picture without one face, an unknown id, a taken name) are the caller's.
      if (
        error.kind === 'http' &&
        error.status !== null &&
        [400, 404, 409, 413, 415, 422].includes(error.status)
      )
        throw new AppError(error.status, { code: error.code ?? 'adapter_refused', message: error.message });
      throw new AppError(502, `${adapter.name}: ${error.message}`);
    }
  }

  #audit(context: RequestContext, action: string, id: string, details: Record<string, unknown>) {
    return this.audit.record(context, { action, entityType: 'face_person', entityId: id, details });
  }
}
