import { Type, type Static } from '@sinclair/typebox';
import { FreeText, Nullable, Timestamp, VISIBLE_CHARACTER } from '../../platform/http/schemas.js';
import { Severity } from '../alerts/alerts.schemas.js';

const HttpUrl = Type.String({ minLength: 1, maxLength: 2000, pattern: `^https?://${VISIBLE_CHARACTER}+$` });
/** E.164: + and 7..15 digits */
const PhoneNumber = Type.String({ maxLength: 16, pattern: '^\\+[1-9][0-9]{6,14}$' });
/** A phone number, or an alphanumeric sender id where the carrier allows one. */
const Sender = Type.String({ maxLength: 16, pattern: '^(\\+[1-9][0-9]{6,14}|[A-Za-z0-9 ]{1,11})$' });

const WebhookIn = Type.Object(
  {
    enabled: Type.Optional(Nullable(Type.Boolean())),
    /** sealed at rest; the masked URL that GET shows, sent back unchanged, keeps the stored one */
    url: Type.Optional(Nullable(HttpUrl)),
    /** HMAC key for X-Signature-256; write-only */
    secret: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
    /**
     * Replaces every configured header. Names are HTTP tokens, values Latin-1 text without control characters
     * (webhook-headers.ts, 422 naming the header otherwise); values are sealed at rest, and `***` (what GET
     * shows) keeps the stored value of that header. The schema lets a value's tab through (HTTP allows it in a
     * header); CR and LF are refused there, with the header's name.
     */
    headers: Type.Optional(
      Nullable(Type.Record(Type.String(), FreeText({ maxLength: 1000 }), { maxProperties: 20 })),
    ),
  },
  { additionalProperties: false },
);

const TelephonyIn = Type.Object(
  {
    enabled: Type.Optional(Nullable(Type.Boolean())),
    account_sid: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' })),
    ),
    /** write-only */
    auth_token: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
    from_number: Type.Optional(Nullable(Sender)),
    to_numbers: Type.Optional(Nullable(Type.Array(PhoneNumber, { maxItems: 20, uniqueItems: true }))),
    base_url: Type.Optional(Nullable(HttpUrl)),
  },
  { additionalProperties: false },
);

/** Partial update: omitted keeps; null clears (a secret sent blank also keeps — API.md §1). */
export const ActionConfigIn = Type.Object(
  {
    min_severity: Type.Optional(Type.Union([Severity, Type.Null()])),
    webhook: Type.Optional(Type.Union([WebhookIn, Type.Null()])),
    telephony: Type.Optional(Type.Union([TelephonyIn, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ActionConfigIn = Static<typeof ActionConfigIn>;

export const ActionConfigResponse = Type.Object({
  min_severity: Severity,
  webhook: Type.Object({
    enabled: Type.Boolean(),
    /** credentials, every query value and the fragment shown as `***` */
    url: Nullable(Type.String()),
    secret_set: Type.Boolean(),
    /** the configured header names; every value shown as `***` */
    headers: Type.Record(Type.String(), Type.String()),
  }),
  telephony: Type.Object({
    enabled: Type.Boolean(),
    account_sid: Nullable(Type.String()),
    auth_token_set: Type.Boolean(),
    from_number: Nullable(Type.String()),
    to_numbers: Type.Array(Type.String()),
    base_url: Type.String(),
  }),
  updated_at: Nullable(Timestamp),
});
export type ActionConfigResponse = Static<typeof ActionConfigResponse>;

export const DeliveryResponse = Type.Object({
  id: Type.Integer(),
  alert_id: Type.Integer(),
  channel: Type.String(),
  /** webhook URL (credentials, query values and fragment shown as `***`) or phone number */
  target: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  delivered_at: Nullable(Timestamp),
});
export type DeliveryResponse = Static<typeof DeliveryResponse>;

export const DeliveryList = Type.Object({ deliveries: Type.Array(DeliveryResponse), total: Type.Integer() });
export type DeliveryList = Static<typeof DeliveryList>;

export const ChannelOutcome = Type.Object({
  channel: Type.String(),
  target: Nullable(Type.String()),
  /** sent, failed, or skipped (channel disabled or incomplete) */
  outcome: Type.String(),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
export type ChannelOutcome = Static<typeof ChannelOutcome>;

export const TestResult = Type.Object({ results: Type.Array(ChannelOutcome) });
export type TestResult = Static<typeof TestResult>;
