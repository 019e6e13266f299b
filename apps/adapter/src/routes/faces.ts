// The face gallery's native API (token-protected like every route but /health). Persons are registered from
// a frame by URI (the adapter's frame source rules), inline base64 or an uploaded file; see docs/adapter.md
// "Face recognition". Thin: everything happens in faces/service.ts and faces/gallery.ts.
import { createReadStream } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FrameRef } from '@nvr/contracts';
import { AdapterError } from '../errors.js';
import type { Person } from '../faces/gallery.js';
import type { FaceService, Picture } from '../faces/service.js';
import { check } from './request.js';

/** Pictures one registration request may carry. */
const MAX_FRAMES = 10;

const RegisterBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    /** Register a face even though it matches someone else (look-alikes, twins). */
    force: Type.Optional(Type.Boolean()),
    frame: Type.Optional(FrameRef),
    frames: Type.Optional(Type.Array(FrameRef, { minItems: 1, maxItems: MAX_FRAMES })),
  },
  { additionalProperties: false },
);
const RenameBody = Type.Object({ name: Type.String() }, { additionalProperties: false });
const MergeBody = Type.Object({ from: Type.String() }, { additionalProperties: false });

const describeFrame = (f: { uri?: string | undefined }, i: number, count: number): Picture => ({
  frame: f,
  source: f.uri ?? 'upload',
  label: count > 1 ? `frame ${i + 1}` : 'the frame',
});

interface Registration {
  name: unknown;
  pictures: Picture[];
  force: boolean;
}

/** JSON `{name?, force?, frame | frames}` or multipart with `name` and `force` fields and `frame` files. */
async function readRegistration(req: FastifyRequest): Promise<Registration> {
  if (req.isMultipart()) {
    let name: unknown;
    let force = false;
    const pictures: Picture[] = [];
    for await (const part of req.parts({ limits: { files: MAX_FRAMES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'frame')
          throw new AdapterError(
            'invalid_request',
            `unexpected file part "${part.fieldname}" (send "frame")`,
          );
        pictures.push({
          frame: { bytes: new Uint8Array(await part.toBuffer()) },
          source: 'upload',
          label: '',
        });
      } else if (part.fieldname === 'name') {
        name = part.value;
      } else if (part.fieldname === 'force') {
        if (part.value !== 'true' && part.value !== 'false')
          throw new AdapterError('invalid_request', 'force must be "true" or "false"');
        force = part.value === 'true';
      } else {
        throw new AdapterError('invalid_request', `unexpected form field "${part.fieldname}"`);
      }
    }
    pictures.forEach((p, i) => (p.label = pictures.length > 1 ? `frame ${i + 1}` : 'the frame'));
    return { name, pictures, force };
  }
  const body = check(RegisterBody, req.body ?? {}, 'face registration');
  if (body.frame && body.frames)
    throw new AdapterError('invalid_request', 'send "frame" or "frames", not both');
  const frames = body.frames ?? (body.frame ? [body.frame] : []);
  return {
    name: body.name,
    pictures: frames.map((f, i) => describeFrame(f, i, frames.length)),
    force: body.force ?? false,
  };
}

function requirePictures(pictures: Picture[]): Picture[] {
  if (pictures.length === 0)
    throw new AdapterError(
      'frame_missing',
      'a face picture is required: "frame" ({uri} or {b64}) or a "frame" file part',
    );
  return pictures;
}

/** A person as the API shows it: descriptors stay inside the adapter. */
export function personView(p: Person) {
  return {
    id: p.id,
    name: p.name,
    created_at: p.created_at,
    face_count: p.faces.length,
    faces: p.faces.map((f) => ({
      id: f.id,
      created_at: f.created_at,
      source: f.source,
      crop_url: `/faces/persons/${p.id}/faces/${f.id}/crop`,
    })),
  };
}

export async function faceRoutes(app: FastifyInstance, options: { faces: FaceService }) {
  const { faces } = options;
  const gallery = faces.gallery;
  type IdParams = { Params: { id: string } };
  type FaceParams = { Params: { id: string; faceId: string } };

  app.get('/faces/persons', async () => ({
    persons: gallery.list().map(personView),
    face_count: gallery.faceCount,
  }));

  app.post('/faces/persons', async (req, reply) => {
    const { name, pictures, force } = await readRegistration(req);
    if (name === undefined) throw new AdapterError('invalid_request', 'name is required');
    const person = await faces.createPerson(name, requirePictures(pictures), { force });
    return reply.status(201).send(personView(person));
  });

  app.get<IdParams>('/faces/persons/:id', async (req) => personView(gallery.get(req.params.id)));

  app.patch<IdParams>('/faces/persons/:id', async (req) => {
    const body = check(RenameBody, req.body ?? {}, 'rename request');
    return personView(await faces.rename(req.params.id, body.name));
  });

  app.delete<IdParams>('/faces/persons/:id', async (req, reply) => {
    await gallery.deletePerson(req.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>('/faces/persons/:id/merge', async (req) => {
    const body = check(MergeBody, req.body ?? {}, 'merge request');
    return personView(await gallery.merge(req.params.id, body.from));
  });

  app.post<IdParams>('/faces/persons/:id/faces', async (req, reply) => {
    gallery.get(req.params.id);
    const { name, pictures, force } = await readRegistration(req);
    if (name !== undefined)
      throw new AdapterError('invalid_request', 'name belongs in PATCH /faces/persons/:id');
    const person = await faces.addFaces(req.params.id, requirePictures(pictures), { force });
    return reply.status(201).send(personView(person));
  });

  app.delete<FaceParams>('/faces/persons/:id/faces/:faceId', async (req, reply) => {
    const person = await gallery.deleteFace(req.params.id, req.params.faceId);
    return person ? personView(person) : reply.status(204).send();
  });

  app.get<FaceParams>('/faces/persons/:id/faces/:faceId/crop', async (req, reply) => {
    const person = gallery.get(req.params.id);
    if (!person.faces.some((f) => f.id === req.params.faceId))
      throw new AdapterError('face_not_found', `person ${person.id} has no face ${req.params.faceId}`);
    return reply.type('image/jpeg').send(createReadStream(gallery.cropPath(req.params.faceId)));
  });
}
