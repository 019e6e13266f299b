import { Type, type Static } from '@sinclair/typebox';
import { JsonObject, Nullable, Timestamp } from '../../platform/http/schemas.js';

export const SKILL_PATTERN = '^[a-z][a-z0-9_]*$';

export const CameraAssignment = Type.Object(
  {
    skill: Type.String({ minLength: 2, maxLength: 64, pattern: SKILL_PATTERN }),
    // 64 characters after trimming (skills.service.ts); the raw text may carry some spaces around it
    labels: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 32 }))),
  },
  { additionalProperties: false },
);
export type CameraAssignment = Static<typeof CameraAssignment>;

/** API.md §4: a camera holds at most this many assignments (create, update and skill declarations). */
export const MAX_ASSIGNMENTS = 16;

export const SkillParams = Type.Object({
  skill_id: Type.String({ minLength: 2, maxLength: 64, pattern: SKILL_PATTERN }),
  camera_id: Type.Integer({ minimum: 1 }),
});

export const SkillDeclaration = Type.Object(
  {
    consumer: Type.String({ minLength: 1, maxLength: 100 }),
    /** the consumer's settings, stored and listed with every assignment */
    params: Type.Optional(Nullable(JsonObject({}, { maxProperties: 50, maxJsonLength: 8192 }))),
  },
  { additionalProperties: false },
);
export type SkillDeclaration = Static<typeof SkillDeclaration>;

export const UndeclareQuery = Type.Object({ consumer: Type.String({ minLength: 1, maxLength: 100 }) });

const Consumer = Type.Object({
  consumer: Type.String(),
  params: Nullable(Type.Object({}, { additionalProperties: true })),
  declared_at: Timestamp,
});
export type Consumer = Static<typeof Consumer>;

export const SkillOnCamera = Type.Object({
  skill: Type.String(),
  camera_id: Type.Integer(),
  labels: Nullable(Type.Array(Type.String())),
  consumers: Type.Array(Consumer),
});
export type SkillOnCamera = Static<typeof SkillOnCamera>;

export const SkillList = Type.Object({
  skills: Type.Array(
    Type.Object({
      skill: Type.String(),
      cameras: Type.Array(
        Type.Object({
          camera_id: Type.Integer(),
          labels: Nullable(Type.Array(Type.String())),
          consumers: Type.Array(Consumer),
        }),
      ),
    }),
  ),
});
export type SkillList = Static<typeof SkillList>;
