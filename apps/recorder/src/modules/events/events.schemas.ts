import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES, SEVERITIES } from '../../platform/events/event-types.js';
import { Nullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const EventResponse = Type.Object({
  id: Type.Integer(),
  // Named, so that the web app's generator finds the list (apps/web/scripts/generate-api.mjs): a screen that
  // lists events cannot miss a type the recorder publishes.
  type: StringEnum(EVENT_TYPES, { title: 'EventType' }),
  camera_id: Nullable(Type.Integer()),
  source: Type.String(),
  severity: Type.Union([StringEnum(SEVERITIES), Type.Null()]),
  timestamp: Timestamp,
  data: Type.Object({}, { additionalProperties: true }),
});

export const EventList = Type.Object({ events: Type.Array(EventResponse), total: Type.Integer() });
export type EventList = Static<typeof EventList>;

/** One type, or several separated by commas. */
const TypeFilter = Type.String({
  maxLength: 500,
  pattern: `^(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')})(,(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')}))*$`,
  description: `Event type(s), comma-separated: ${EVENT_TYPES.join(', ')}`,
});

export const LatestQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
  type: Type.Optional(TypeFilter),
});
export type LatestQuery = Static<typeof LatestQuery>;

export const StreamQuery = Type.Object({
  camera_id: Type.Optional(Type.Integer({ minimum: 1 })),
  type: Type.Optional(TypeFilter),
  /** for clients that cannot send the Last-Event-ID header (WebSocket) */
  last_event_id: Type.Optional(Type.Integer({ minimum: 0 })),
  ticket: Type.Optional(Type.String({ maxLength: 4096 })),
});
export type StreamQuery = Static<typeof StreamQuery>;

export const TicketResponse = Type.Object({ ticket: Type.String(), expires_in: Type.Integer() });

/** What a WebSocket client may send. */
export const ClientMessage = Type.Union([
  Type.Object(
    {
      action: Type.Literal('subscribe'),
      camera_ids: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 }))),
      types: Type.Optional(Nullable(Type.Array(StringEnum(EVENT_TYPES), { maxItems: 50 }))),
    },
    { additionalProperties: false },
  ),
  Type.Object({ action: Type.Literal('ping') }, { additionalProperties: false }),
]);
export type ClientMessage = Static<typeof ClientMessage>;
