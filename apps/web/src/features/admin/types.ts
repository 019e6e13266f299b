// Names for the API shapes of the administration screens, looked up in the generated paths (kept here, next to
// the screens, rather than in api/types.ts, which the other screens share).
import type { paths } from '../../api/schema';
import type { JsonOf, UserList } from '../../api/types';

export type User = UserList['users'][number];
export type UserCreate = JsonOf<NonNullable<paths['/api/v1/users']['post']['requestBody']>>;
export type UserUpdate = JsonOf<NonNullable<paths['/api/v1/users/{id}']['put']['requestBody']>>;
export type AuditList = JsonOf<paths['/api/v1/audit-logs']['get']['responses'][200]>;
export type AuditEntry = AuditList['logs'][number];
export type AuditQuery = NonNullable<paths['/api/v1/audit-logs']['get']['parameters']['query']>;
export type RestoreReport = JsonOf<paths['/api/v1/system/restore']['post']['responses'][200]>;
export type RecordingSettings = JsonOf<paths['/api/v1/settings/recording']['get']['responses'][200]>;
export type RecordingSettingsUpdate = JsonOf<
  NonNullable<paths['/api/v1/settings/recording']['put']['requestBody']>
>;
export type AppList = JsonOf<paths['/api/v1/apps']['get']['responses'][200]>;
export type RegisteredApp = AppList['apps'][number];
export type AppRegistration = JsonOf<NonNullable<paths['/api/v1/apps/register']['post']['requestBody']>>;
export type CloudSettings = JsonOf<paths['/api/v1/cloud/settings']['get']['responses'][200]>;
export type CloudSettingsIn = JsonOf<NonNullable<paths['/api/v1/cloud/settings']['put']['requestBody']>>;
export type MediaTls = JsonOf<paths['/api/v1/media-source/tls']['get']['responses'][200]>;
export type MediaTlsUpload = JsonOf<paths['/api/v1/media-source/tls']['post']['responses'][200]>;
export type Certificate = NonNullable<MediaTls['cert']>;
export type StreamTarget = JsonOf<
  paths['/api/v1/cloud/stream-targets']['get']['responses'][200]
>['targets'][number];
export type StreamTargetIn = JsonOf<
  NonNullable<paths['/api/v1/cloud/stream-targets']['post']['requestBody']>
>;
