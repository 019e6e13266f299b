// The face gallery as the recorder serves it (superusers only): a proxy of the adapter's /faces/persons API.
import { Type, type Static } from '@sinclair/typebox';

const Id = Type.String({ pattern: '^[0-9a-f-]{36}$', description: "the adapter's id" });
export const PersonParams = Type.Object({ id: Id });
export const FaceParams = Type.Object({ id: Id, faceId: Id });

export const GalleryFace = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  source: Type.String({ description: 'frame URI or "upload"' }),
});
export const GalleryPerson = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String(),
  face_count: Type.Integer(),
  faces: Type.Array(GalleryFace),
});
export type GalleryPerson = Static<typeof GalleryPerson>;
export const GalleryList = Type.Object({
  adapter: Type.String({ description: 'the adapter whose gallery this is' }),
  persons: Type.Array(GalleryPerson),
});
export type GalleryList = Static<typeof GalleryList>;

/** A face picture: a JPEG/PNG/WebP as base64 (at most 20 MiB decoded, the adapter's frame limit). */
const Image = Type.String({
  minLength: 1,
  maxLength: Math.ceil((20 * 1024 * 1024 * 4) / 3),
  contentEncoding: 'base64',
});
/**
 * A face that already matches another person is refused (409 `face_exists`, naming them); `force` registers it
 * anyway — look-alikes and twins (docs/adapter.md, "one face, one name").
 */
const Force = Type.Boolean({
  default: false,
  description: 'register even a face that matches another person (look-alikes, twins)',
});
export const PersonCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    images: Type.Array(Image, { minItems: 1, maxItems: 10 }),
    force: Force,
  },
  { additionalProperties: false },
);
export type PersonCreate = Static<typeof PersonCreate>;
export const FacesAdd = Type.Object(
  { images: Type.Array(Image, { minItems: 1, maxItems: 10 }), force: Force },
  { additionalProperties: false },
);
export type FacesAdd = Static<typeof FacesAdd>;
export const PersonRename = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type PersonRename = Static<typeof PersonRename>;
export const PersonMerge = Type.Object(
  {
    from: Type.String({
      pattern: '^[0-9a-f-]{36}$',
      maxLength: 36,
      description: 'the person whose faces move here; removed',
    }),
  },
  { additionalProperties: false },
);
export type PersonMerge = Static<typeof PersonMerge>;

/**
 * A face from a review item's snapshot: the part around one of its boxes (`box`, an index into the item's
 * `boxes`; null: the whole snapshot), registered as a new person (`name`) or added to one (`person_id`).
 */
export const PersonFromReview = Type.Object(
  {
    review_item_id: Type.Integer({ minimum: 1 }),
    box: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        "index into the item's boxes, the face (or person) to crop around; null: the whole snapshot",
    }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a new person' })),
    person_id: Type.Optional(
      Type.String({ pattern: '^[0-9a-f-]{36}$', maxLength: 36, description: 'an existing person' }),
    ),
    force: Force,
  },
  { additionalProperties: false },
);
export type PersonFromReview = Static<typeof PersonFromReview>;
