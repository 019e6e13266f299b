// Where the gauges of /metrics read the state now: each through the service that owns it, never a repository.
import type { AlertActionsService } from '../alert-actions/alert-actions.service.js';
import type { CameraStatusService } from '../cameras/camera-status.service.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CloudJobsService } from '../cloud/jobs/cloud-jobs.service.js';
import type { CloudUploadsService } from '../cloud/uploads/cloud-uploads.service.js';
import type { EventsService } from '../events/events.service.js';
import type { RecordingsService } from '../recordings/recordings.service.js';
import type { MetricsSources } from './recorder-metrics.js';

export interface MetricsServices {
  cameras: Pick<CamerasService, 'allIds'>;
  cameraStatus: Pick<CameraStatusService, 'get'>;
  eventStreams: Pick<EventsService, 'clientCounts'>;
  alertActions: Pick<AlertActionsService, 'pendingDeliveries'>;
  cloudJobs: Pick<CloudJobsService, 'unfinished'>;
  cloudUploads: Pick<CloudUploadsService, 'pending'>;
  recordings: Pick<RecordingsService, 'volumeSpace' | 'minFreeBytes'>;
}

export function metricsSources(services: MetricsServices): MetricsSources {
  return {
    async cameras() {
      const ids = await services.cameras.allIds();
      return ids.map((id) => {
        // A camera the recording engine has not reported on yet reads as disabled (the engine reports every
        // camera when it starts).
        const status = services.cameraStatus.get(id, null);
        return { id, recordingState: status.recording_state ?? 'disabled', online: status.live_online };
      });
    },
    eventClients: () => services.eventStreams.clientCounts(),
    pendingDeliveries: () => services.alertActions.pendingDeliveries(),
    unfinishedCloudJobs: () => services.cloudJobs.unfinished(),
    pendingUploads: () => services.cloudUploads.pending(),
    async volumes() {
      const [volume, floorBytes] = await Promise.all([
        services.recordings.volumeSpace(),
        services.recordings.minFreeBytes(),
      ]);
      return volume ? [{ ...volume, floorBytes }] : [];
    },
  };
}
