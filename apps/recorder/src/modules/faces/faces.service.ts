// The face gallery through the recorder (superusers only): a thin proxy to the gallery API of the adapter that
// serves face_recognition, so the web app can manage known people without talking to the adapter. With several
// such adapters, the first by name (in a stable order) holds the gallery. Adapter refusals keep their status
// and message (no face / several faces 422, unknown person 404, name taken 409); an unreachable adapter is 502.
// A face can also come from a review item's snapshot: review items keep the boxes of what was tracked (the
// detector's labels: a person, a face, a recognised name), not a face of their own, so the caller picks one box
// and the recorder crops around it (the box and a quarter of its size on each side, so a face box keeps the
// whole head) — the adapter refuses a picture with several faces, and a busy snapshot usually has them. The
// snapshot is the one served to the web app, boxes drawn in red; the lines at the crop's edge do not stop the
// face being found. Only snapshots held by this node (docs/cluster.md) can be used.
import { readFile } from 'node:fs/promises';
import { cropJpeg } from '../../media/ffmpeg/annotate.js';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError, FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { AdapterCallError } from '../adapters/adapter-client.js';
import type { AdapterEntry, AdapterRegistry } from '../adapters/adapter-registry.js';
import type { ReviewService } from '../review/review.service.js';
import type {
  FacesAdd,
  GalleryList,
  GalleryPerson,
  PersonCreate,
  PersonFromReview,
  PersonMerge,
  PersonRename,
} from './faces.schemas.js';

const TASK = 'face_recognition';
/** The adapter's crops are at most 160 px (a few kB); anything much larger is not a crop. */
const CROP_MAX_BYTES = 1024 * 1024;
/** Around a review box, this share of its width and height is added on each side. */
const REVIEW_MARGIN = 0.25;
/** The snapshots the recorder reads itself: no caller's credential goes anywhere (the file must be here). */
const LOCAL = { authorization: undefined, ticket: undefined, forwarded: false, ip: null } as const;

export class FacesService {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly audit: AuditService,
    private readonly review: Pick<ReviewService, 'get' | 'file'>,
    private readonly ffmpegPath: string,
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

  /** Registers (or adds to someone) the face in a review item's snapshot, cropped around one of its boxes. */
  async fromReview(context: RequestContext, body: PersonFromReview): Promise<GalleryPerson> {
    requireSuperuser(context.principal);
    if ((body.name === undefined) === (body.person_id === undefined))
      throw new FieldValidationError(
        ['body', body.name === undefined ? 'name' : 'person_id'],
        'give "name" for a new person or "person_id" to add to one, not both',
      );
    const item = await this.review.get(context, body.review_item_id);
    const box = body.box === null ? null : item.boxes[body.box];
    if (box === undefined)
      throw new FieldValidationError(
        ['body', 'box'],
        `review item ${item.id} has ${item.boxes.length} box(es); box ${body.box} is not one`,
      );
    const served = await this.review.file(context, item.id, 'snapshot', LOCAL);
    if (!('here' in served))
      throw new AppError(409, {
        code: 'snapshot_elsewhere',
        message: `the snapshot of review item ${item.id} is kept by another recorder node; use it there`,
      });
    const snapshot = await readFile(served.here.path).catch(() => {
      throw new NotFoundError('Snapshot');
    });
    const picture = box
      ? await cropJpeg(this.ffmpegPath, snapshot, {
          x: box.x - box.width * REVIEW_MARGIN,
          y: box.y - box.height * REVIEW_MARGIN,
          width: box.width * (1 + 2 * REVIEW_MARGIN),
          height: box.height * (1 + 2 * REVIEW_MARGIN),
        })
      : snapshot;
    const frames = [{ b64: picture.toString('base64') }];
    const adapter = this.#adapter();
    const origin = { review_item_id: item.id, box: body.box };
    if (body.name !== undefined) {
      const person = (await this.#call(adapter, 'POST', '/faces/persons', {
        name: body.name,
        frames,
        force: body.force,
      })) as GalleryPerson;
      await this.#audit(context, 'face_person.create', person.id, { name: person.name, faces: 1, ...origin });
      return person;
    }
    const id = body.person_id!;
    const person = (await this.#call(adapter, 'POST', `/faces/persons/${id}/faces`, {
      frames,
      force: body.force,
    })) as GalleryPerson;
    await this.#audit(context, 'face_person.add_faces', id, { added: 1, ...origin });
    return person;
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
