import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Paging, Secret, Timestamp } from '../../platform/http/schemas.js';

const Username = Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' });
const Password = Type.String({ minLength: 8, maxLength: 256 });
const Email = Type.String({ format: 'email', maxLength: 255 });

export const UserResponse = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  is_active: Type.Boolean(),
  is_superuser: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
  last_login_at: Nullable(Timestamp),
  password_change_required: Type.Boolean({
    description: 'the account still has the password the recorder generated on first start',
  }),
});
export type UserResponse = Static<typeof UserResponse>;

export const UserList = Type.Object({ users: Type.Array(UserResponse), total: Type.Integer() });
export type UserList = Static<typeof UserList>;

export const UserCreate = Type.Object(
  {
    username: Username,
    password: Password,
    email: Type.Optional(Nullable(Email)),
    is_active: Type.Boolean({ default: true }),
    is_superuser: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

export const UserUpdate = Type.Object(
  {
    username: Type.Optional(Username),
    password: Type.Optional(Password),
    email: Type.Optional(Nullable(Email)),
    is_active: Type.Optional(Type.Boolean()),
    is_superuser: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

export const PasswordChange = Type.Object(
  { current_password: Secret({ minLength: 1, maxLength: 256 }), new_password: Password },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;

export const UserListQuery = Type.Object({ ...Paging });
export type UserListQuery = Static<typeof UserListQuery>;
