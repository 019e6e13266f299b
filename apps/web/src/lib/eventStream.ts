// The recorder's live events (API.md §9), one connection per browser tab for the whole app. Every screen that wants
// events subscribes here; the EventSource opens with the first subscriber and closes with the last.
//
// Why the reconnection is done here and not by EventSource: the stream is opened with a ticket
// (POST /api/v1/events/ticket: single use, 30 s), and EventSource would retry the same URL with the spent ticket.
// So on any error the source is closed at once, a new ticket fetched, and the stream reopened with
// `last_event_id=<newest id seen>`: the recorder replays the stored events after it. Ids already delivered are
// dropped (a bounded set), so a listener sees each event exactly once across reconnects. A `lagged` message (the
// recorder dropped events for a slow tab) is handled the same way: reconnect and let the replay fill the gap.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api, unwrap } from '../api/client';
import { session } from '../api/session';
import type { Alert, StoredEvent } from '../api/types';
import { EVENT_TYPES, type EventType } from '../api/eventTypes';

// Every event type the recorder publishes, generated from its OpenAPI document (an event's `type` enum): SSE
// dispatches named events only to listeners registered by name, so the stream listens for each of them.
export { EVENT_TYPES, type EventType } from '../api/eventTypes';

/**
 * The payloads the app reads. The OpenAPI document types `data` as an open object (producers add detail over
 * time); these are the fields the recorder's event map promises, narrowed here for the screens that use them.
 */
export interface EventPayloads {
  detection: {
    model_id?: number;
    model_name?: string;
    task?: string;
    result_id?: number;
    count?: number;
    label?: string | null;
    confidence?: number | null;
    /** as the adapter reported them; `bbox` is in the pixels of `frame` */
    detections?: {
      label: string;
      confidence: number;
      bbox: [number, number, number, number];
      track_id?: number;
    }[];
    frame?: { width: number; height: number } | null;
    /** face_recognition: the people recognised, as the face library spells them */
    names?: string[];
    /** when the analysed picture came out of the recorder's decoder (unix ms, the recorder's clock) */
    captured_at?: number;
  };
  'alert.created': { alert: Alert };
  /** an AI rule's alert following its incident: what it says now */
  'alert.updated': { alert: Alert };
  /** one event per camera (and one for system alerts) touched by an acknowledge call */
  'alert.acknowledged': { ids: number[]; acknowledged_by: string; acknowledged_at: string };
  'camera.offline': { error?: string; reason?: string };
  'recording.failed': { error?: string; reason?: string };
  /** the picture has been still for `duration_ms` since the motion began */
  'motion.end': { duration_ms?: number };
  'zone.enter': { zone?: string; label?: string };
  /** `dwell_ms`: how long the object stayed in the zone */
  'zone.exit': { zone?: string; label?: string; dwell_ms?: number };
  'review.opened': { review_id?: number };
  'review.closed': { review_id?: number };
}

/** A live event; `data` is typed for the types listed in EventPayloads. */
export type LiveEvent<T extends string = string> = Omit<StoredEvent, 'type' | 'data'> & {
  type: T;
  data: T extends keyof EventPayloads ? EventPayloads[T] & Record<string, unknown> : Record<string, unknown>;
};

export type EventListener = (event: LiveEvent) => void;
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** Narrows an event to one type (or several), e.g. `if (isEventOf(event, 'alert.created')) event.data.alert`. */
export function isEventOf<T extends EventType>(event: LiveEvent, ...types: T[]): event is LiveEvent<T> {
  return (types as string[]).includes(event.type);
}

/** A listener that only hears the given types (and, when `cameraId` is given, that camera). */
export function filterEvents<T extends EventType>(
  types: readonly T[],
  listener: (event: LiveEvent<T>) => void,
  cameraId?: number,
): EventListener {
  return (event) => {
    if (!(types as readonly string[]).includes(event.type)) return;
    if (cameraId !== undefined && event.camera_id !== cameraId) return;
    listener(event as LiveEvent<T>);
  };
}

/** Waits between failed attempts: quick at first, then up to half a minute (with jitter, so tabs spread out). */
const BACKOFF_MS = [250, 1_000, 2_000, 5_000, 10_000, 30_000];
/** How many delivered ids are remembered to drop a repeat. */
const SEEN_LIMIT = 2_000;

const listeners = new Set<EventListener>();
const statusListeners = new Set<() => void>();
let status: StreamStatus = 'connecting';
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
/** Bumped whenever the connection is dropped, so a late ticket answer for an old attempt is ignored. */
let attempt = 0;
let lastId: number | null = null;
const seen = new Set<number>();
let stopSession: (() => void) | null = null;

function setStatus(next: StreamStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function deliver(event: LiveEvent): void {
  if (seen.has(event.id)) return;
  seen.add(event.id);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
  lastId = Math.max(lastId ?? 0, event.id);
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One screen's mistake must not starve the others of events.
      console.warn('event listener failed', error);
    }
  }
}

function onMessage(message: MessageEvent<string>): void {
  let event: LiveEvent;
  try {
    event = JSON.parse(message.data) as LiveEvent;
  } catch {
    return;
  }
  if (typeof event?.id === 'number') deliver(event);
}

function dropSource(): void {
  attempt += 1;
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function signedIn(): boolean {
  return session.snapshot().status === 'signed-in';
}

/** Closes the source and tries again after a wait that grows with each failure in a row. */
function scheduleReconnect(): void {
  dropSource();
  if (listeners.size === 0 || !signedIn()) return;
  setStatus(lastId === null && status === 'connecting' ? 'connecting' : 'reconnecting');
  const base = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
  failures += 1;
  retryTimer = setTimeout(() => void connect(), base + Math.random() * base * 0.2);
}

async function connect(): Promise<void> {
  dropSource();
  const mine = attempt;
  let ticket: string;
  try {
    ticket = unwrap(await api.POST('/api/v1/events/ticket')).ticket;
  } catch {
    if (mine === attempt) scheduleReconnect();
    return;
  }
  if (mine !== attempt || listeners.size === 0 || !signedIn()) return;
  const query = new URLSearchParams({ ticket });
  if (lastId !== null) query.set('last_event_id', String(lastId));
  const opened = new EventSource(`/api/v1/events/stream?${query}`);
  source = opened;
  opened.onopen = () => {
    failures = 0;
    setStatus('live');
  };
  // Closed at once, before EventSource retries the spent ticket on its own.
  opened.onerror = () => {
    if (source === opened) scheduleReconnect();
  };
  for (const type of EVENT_TYPES) opened.addEventListener(type, onMessage);
  opened.addEventListener('lagged', () => {
    if (source === opened) scheduleReconnect();
  });
}

function start(): void {
  setStatus(lastId === null ? 'connecting' : 'reconnecting');
  failures = 0;
  // Signing out ends the stream; signing in again (same tab) starts over.
  stopSession ??= session.subscribe(() => {
    if (!signedIn()) {
      dropSource();
      lastId = null;
      seen.clear();
    } else if (!source && !retryTimer && listeners.size > 0) void connect();
  });
  void connect();
}

function stop(): void {
  dropSource();
  stopSession?.();
  stopSession = null;
  // The next subscriber starts from now: no replay of what happened while nobody listened.
  lastId = null;
  seen.clear();
}

/** Hears every event the user may see from now on; returns the unsubscribe. */
export function subscribeEvents(listener: EventListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0) stop();
  };
}

/** The connection's state, for a "reconnecting" notice. */
export function eventStreamStatus(): StreamStatus {
  return status;
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/**
 * Calls `listener` for each live event while the component is mounted. The latest `listener` is always the one
 * called, so it may close over state; `deps` only matter when re-subscribing should reset something.
 */
export function useEventStream(listener: EventListener, deps: readonly unknown[] = []): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () => subscribeEvents((event) => latest.current(event)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to subscribe anew
    deps,
  );
}

/** 'connecting', 'live' or 'reconnecting'; meaningful while some component uses the stream. */
export function useEventStreamStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, eventStreamStatus);
}
