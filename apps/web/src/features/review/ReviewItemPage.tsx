import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { ReviewItem } from '../../api/types';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { useCameraNames } from '../cameras/CameraFilterSelect';
import { AddFaceFromReview } from '../faces/AddFaceFromReview';
import { RecognisedNames } from '../faces/RecognisedNames';
import { dateTime } from '../events/eventText';
import { footageAt } from '../recordings/footageLink';
import { useMediaTicket, useReviewItem, useSetReviewed, withTicket } from './queries';
import { ClipWithBoxes, IncidentSnapshot } from './IncidentSnapshot';
import { NearbyIncidents } from './NearbyIncidents';
import { ReviewPicture, ReviewSeverityBadge, Tags } from './ReviewBits';
import { duration, seen } from './reviewText';

const CLIP_WAITING: Record<Exclude<ReviewItem['clip_status'], 'ready'>, string> = {
  pending:
    'The clip is being made: it comes once the footage up to the end of the incident is recorded. Meanwhile, the snapshot.',
  unavailable: 'There is no clip: the camera was not recording then.',
  failed: 'The clip could not be made from the recorded footage.',
};

/**
 * One incident: its clip (the snapshot's boxes drawn over it at the snapshot's moment; or, until it is cut, its
 * snapshot and why), the snapshot with its boxes, what was seen
 * and where, a link to the recordings at that moment, the clip to download, and reviewed / not reviewed. Opening
 * it does not mark it reviewed: that is the person's call.
 */
export function ReviewItemPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { search } = useLocation();
  const item = useReviewItem(id, valid);
  const back = { pathname: '/review', search };

  return (
    <section aria-labelledby="incident-title" className="mx-auto max-w-5xl space-y-4">
      <Link to={back} className="inline-block text-sm text-sky-700 hover:underline dark:text-sky-400">
        ← All incidents
      </Link>
      {!valid || (item.isError && item.error instanceof ApiError && item.error.status === 404) ? (
        <>
          <h1 id="incident-title" className="text-xl font-semibold">
            Incident not found
          </h1>
          <p className="text-slate-600 dark:text-slate-300">
            It may have been deleted or expired, or it is of a camera you may not view.
          </p>
        </>
      ) : item.isPending ? (
        <Spinner label="Loading the incident…" />
      ) : item.isError ? (
        <ErrorState message={item.error.message} onRetry={() => void item.refetch()} />
      ) : (
        <Incident key={item.data.id} item={item.data} />
      )}
    </section>
  );
}

function Incident({ item }: { item: ReviewItem }) {
  const cameraName = useCameraNames().get(item.camera_id) ?? `Camera ${item.camera_id}`;
  const ticket = useMediaTicket(item.camera_id);
  const setReviewed = useSetReviewed();
  const toast = useToast();
  const snapshot =
    item.snapshot_url === null ? null : (withTicket(item.snapshot_url, ticket.data) ?? undefined);
  // The clip keeps the URL it started with: a renewed ticket must not restart what is playing.
  const [clipSrc, setClipSrc] = useState<string | null>(null);
  const clip = withTicket(item.clip_url, ticket.data);
  if (clip !== null && clipSrc === null) setClipSrc(clip);
  const what = seen(item);
  const kind = item.severity === 'alert' ? 'Alert' : 'Detection';
  const title = `${kind}: ${what} at ${cameraName}`;

  const mark = (reviewed: boolean) =>
    setReviewed.mutate(
      { id: item.id, reviewed },
      {
        onSuccess: () => toast({ title: reviewed ? 'Marked reviewed' : 'Marked not reviewed' }),
        onError: (error) => toast({ title: 'Marking failed', description: error.message, tone: 'error' }),
      },
    );

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <ReviewSeverityBadge severity={item.severity} />
        <h1 id="incident-title" className="min-w-0 text-xl font-semibold break-words">
          <span className="sr-only">{kind}: </span>
          {what} at {cameraName}
        </h1>
      </div>
      <p className="flex flex-wrap gap-x-4 text-sm text-slate-700 dark:text-slate-200">
        <span>
          <time dateTime={item.start_time}>{dateTime(item.start_time)}</time>
          {' · '}
          {duration(item)}
        </span>
        <span data-testid="reviewed-state">
          {item.reviewed
            ? `✓ Reviewed${item.reviewed_at ? ` at ${dateTime(item.reviewed_at)}` : ''}`
            : 'Not reviewed'}
        </span>
      </p>
      <Tags item={item} />
      <RecognisedNames names={item.names} />

      <div className="flex flex-wrap gap-2">
        <Button tone="primary" disabled={setReviewed.isPending} onClick={() => mark(!item.reviewed)}>
          {item.reviewed ? 'Mark not reviewed' : 'Mark reviewed'}
        </Button>
        <Link
          to={footageAt(item.camera_id, Date.parse(item.start_time))}
          className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Open in recordings at this moment
        </Link>
        {clip !== null && (
          <a
            href={clip}
            download={`incident-${item.id}.mp4`}
            className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Download clip
          </a>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <figure className="space-y-1">
          {item.clip_status === 'ready' ? (
            clipSrc === null ? (
              <div
                className="aspect-video w-full rounded bg-slate-200 dark:bg-slate-800"
                aria-hidden="true"
              />
            ) : (
              <ClipWithBoxes item={item} src={clipSrc} poster={snapshot ?? null} title={title} />
            )
          ) : (
            <ReviewPicture
              src={snapshot}
              alt={`Snapshot (no clip yet): ${what}, boxes drawn`}
              className="aspect-video w-full rounded"
            />
          )}
          <figcaption className="text-sm text-slate-600 dark:text-slate-300">
            {item.clip_status === 'ready'
              ? 'Clip, from just before to just after the incident'
              : CLIP_WAITING[item.clip_status]}
          </figcaption>
        </figure>
        <IncidentSnapshot item={item} src={snapshot} what={what} />
      </div>
      <NearbyIncidents item={item} cameraName={cameraName} />
      {/* Superusers only (features/faces). */}
      <AddFaceFromReview item={item} />
    </>
  );
}
