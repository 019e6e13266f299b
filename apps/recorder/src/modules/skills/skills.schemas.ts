import { Type, type Static } from '@sinclair/typebox';
import { JsonObject, Nullable, Timestamp } from '../../platform/http/schemas.js';
import { SKILL_PATTERN } from '../cameras/cameras.schemas.js';

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
