import { Type, type Static } from '@sinclair/typebox';
import { SEVERITIES } from '../../platform/events/event-types.js';
import { NormalisedPolygon, Nullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const MAX_ZONES = 16;
const Label = Type.String({ minLength: 1, maxLength: 64 });

/** A zone's alert rule as stored and returned: every field filled in. */
export const ZoneAlertRule = Type.Object(
  {
    /** the labels that count (empty: the zone's labels) */
    labels: Type.Array(Label, { maxItems: 32 }),
    /** how many qualifying objects must be in the zone at once */
    min_count: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** how long an object must stay in the zone to qualify: 0 alerts on entry, more is loitering */
    min_dwell_seconds: Type.Number({ minimum: 0, maximum: 86_400 }),
    /** the quiet time after an alert of this zone before the next */
    cooldown_seconds: Type.Integer({ minimum: 0, maximum: 604_800 }),
    severity: StringEnum(SEVERITIES),
  },
  { additionalProperties: false },
);
export type ZoneAlertRule = Static<typeof ZoneAlertRule>;

/** The defaults of a rule's fields left out (one alert per object on entry, a minute apart at most). */
export const ZONE_ALERT_DEFAULTS: ZoneAlertRule = {
  labels: [],
  min_count: 1,
  min_dwell_seconds: 0,
  cooldown_seconds: 60,
  severity: 'medium',
};

/** A rule as written: any field may be left out (ZONE_ALERT_DEFAULTS). */
export const ZoneAlertRuleInput = Type.Partial(ZoneAlertRule, { additionalProperties: false });

const zoneFields = {
  /** unique on the camera; named in events and alerts */
  name: Type.String({ minLength: 1, maxLength: 64 }),
  /** an object is in the zone when the bottom centre of its box (where it stands) is inside */
  polygon: NormalisedPolygon,
  /** the labels the zone watches (person, car…); empty watches every label */
  labels: Type.Array(Label, { maxItems: 32 }),
};

/** A zone as written: labels default to none (every label), alert to none. */
export const ZoneInput = Type.Object(
  {
    ...zoneFields,
    labels: Type.Optional(zoneFields.labels),
    alert: Type.Optional(Nullable(ZoneAlertRuleInput)),
  },
  { additionalProperties: false },
);
export type ZoneInput = Static<typeof ZoneInput>;

export const Zone = Type.Object({ ...zoneFields, alert: Nullable(ZoneAlertRule) });
export type Zone = Static<typeof Zone>;

export const CameraZonesBody = Type.Object(
  { zones: Type.Array(ZoneInput, { maxItems: MAX_ZONES }) },
  { additionalProperties: false },
);
export type CameraZonesBody = Static<typeof CameraZonesBody>;

export const CameraZonesResponse = Type.Object({
  camera_id: Type.Integer(),
  zones: Type.Array(Zone),
  updated_at: Nullable(Timestamp),
});
export type CameraZonesResponse = Static<typeof CameraZonesResponse>;
