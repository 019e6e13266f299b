// Names for the API shapes the screens use, looked up in the generated paths (never written by hand).
import type { paths } from './schema';

export type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type CameraList = JsonOf<paths['/api/v1/cameras']['get']['responses'][200]>;
export type Camera = CameraList['cameras'][number];
export type StreamTicket = JsonOf<paths['/api/v1/cameras/{id}/stream-ticket']['post']['responses'][200]>;

export type LayoutList = JsonOf<paths['/api/v1/layouts']['get']['responses'][200]>;
export type Layout = LayoutList['layouts'][number];
export type LayoutInput = NonNullable<
  paths['/api/v1/layouts']['post']['requestBody']
>['content']['application/json'];

// Camera administration (features/cameras).
export type CameraCreate = JsonOf<NonNullable<paths['/api/v1/cameras']['post']['requestBody']>>;
export type CameraUpdate = JsonOf<NonNullable<paths['/api/v1/cameras/{id}']['patch']['requestBody']>>;
export type CameraAssignment = NonNullable<CameraUpdate['assignments']>[number];
export type BinnedCameraList = JsonOf<paths['/api/v1/cameras/deleted']['get']['responses'][200]>;
export type BinnedCamera = BinnedCameraList['cameras'][number];
export type CameraConfig = JsonOf<paths['/api/v1/cameras/{id}/config']['get']['responses'][200]>;
export type CameraConfigUpdate = JsonOf<
  NonNullable<paths['/api/v1/cameras/{id}/config']['put']['requestBody']>
>;
export type CameraPermissionEntry = JsonOf<
  paths['/api/v1/cameras/{id}/permissions']['get']['responses'][200]
>[number];
export type SkillList = JsonOf<paths['/api/v1/skills']['get']['responses'][200]>;
export type DeviceUser = JsonOf<paths['/api/v1/cameras/{id}/device-users']['get']['responses'][200]>[number];
export type DeviceUserCreate = JsonOf<
  NonNullable<paths['/api/v1/cameras/{id}/device-users']['post']['requestBody']>
>;
export type Me = JsonOf<paths['/api/v1/auth/me']['get']['responses'][200]>;
export type UserList = JsonOf<paths['/api/v1/users']['get']['responses'][200]>;

// Events and alerts (features/events, features/alerts, lib/eventStream).
export type EventList = JsonOf<paths['/api/v1/events/latest']['get']['responses'][200]>;
/** A stored event: an item of /events/latest, and (the stream's OpenAPI says so) each SSE `data:`. */
export type StoredEvent = EventList['events'][number];
export type EventsTicket = JsonOf<paths['/api/v1/events/ticket']['post']['responses'][200]>;
export type AlertList = JsonOf<paths['/api/v1/alerts']['get']['responses'][200]>;
export type Alert = AlertList['alerts'][number];
export type AlertQuery = NonNullable<paths['/api/v1/alerts']['get']['parameters']['query']>;
export type Severity = Alert['severity'];
export type AckIn = JsonOf<NonNullable<paths['/api/v1/alerts/acknowledge']['post']['requestBody']>>;
export type AckResult = JsonOf<paths['/api/v1/alerts/acknowledge']['post']['responses'][200]>;
export type ActionConfig = JsonOf<paths['/api/v1/alerts/actions']['get']['responses'][200]>;
export type ActionConfigIn = JsonOf<NonNullable<paths['/api/v1/alerts/actions']['patch']['requestBody']>>;
export type ActionTestResult = JsonOf<paths['/api/v1/alerts/actions/test']['post']['responses'][200]>;

// Recordings (features/recordings).
export type RecordingCoverage = JsonOf<
  paths['/api/v1/recordings/{camera_id}/coverage']['get']['responses'][200]
>;
export type RecordedSpan = RecordingCoverage['spans'][number];
export type RecordingChunk = JsonOf<paths['/api/v1/recordings/{camera_id}']['get']['responses'][200]>[number];
export type RecordingActivity = JsonOf<
  paths['/api/v1/recordings/{camera_id}/activity']['get']['responses'][200]
>;
export type ActivityRange = RecordingActivity['ranges'][number];
export type ActivityKind = RecordingActivity['kind'];
export type DetectionResult = JsonOf<
  paths['/api/v1/ai-detection-results']['get']['responses'][200]
>['results'][number];

// Review (features/review).
export type ReviewList = JsonOf<paths['/api/v1/review-items']['get']['responses'][200]>;
export type ReviewItem = ReviewList['items'][number];
export type ReviewSeverity = ReviewItem['severity'];
export type ReviewQuery = NonNullable<paths['/api/v1/review-items']['get']['parameters']['query']>;
export type MarkReviewed = JsonOf<NonNullable<paths['/api/v1/review-items/reviewed']['post']['requestBody']>>;
