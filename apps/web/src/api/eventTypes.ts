// Generated from apps/recorder/openapi.json by apps/web/scripts/generate-api.mjs: do not edit.
// `npm run openapi` writes them after a change of the recorder's routes.

export const EVENT_TYPES = [
  "detection",
  "alert.created",
  "alert.updated",
  "alert.acknowledged",
  "camera.online",
  "camera.offline",
  "recording.started",
  "recording.failed",
  "storage.error",
  "storage.unavailable",
  "storage.available",
  "adapter.model_changed",
  "adapter.unavailable",
  "job.updated",
  "motion.start",
  "motion.end",
  "zone.enter",
  "zone.exit",
  "review.opened",
  "review.updated",
  "review.closed"
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
