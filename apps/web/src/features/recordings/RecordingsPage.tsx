import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { NotFound } from '../shell/NotFound';
import { DayOverview } from './DayOverview';
import { RecordingView } from './RecordingView';
import { dayKey } from './time';

/**
 * /recordings/:cameraId — a camera's recorded footage; /recordings alone — a day of all the cameras (DayOverview).
 * The playhead is in the URL (`?t=`), so switching cameras keeps the instant: the same moment seen from another
 * camera; "All cameras" shows the playhead's day.
 */
export function RecordingsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const cameras = useCameras({ limit: ALL_CAMERAS });
  const list = cameras.data?.cameras ?? [];
  const id = params.cameraId === undefined ? null : Number(params.cameraId);

  const chooseCamera = (value: string) => {
    if (value !== '') return void navigate(`/recordings/${value}${id === null ? '' : location.search}`);
    const playhead = Number(new URLSearchParams(location.search).get('t'));
    void navigate(playhead > 0 ? `/recordings?day=${dayKey(playhead)}` : '/recordings');
  };

  const heading = (
    <h1 id="recordings-title" className="text-xl font-semibold">
      Recordings
    </h1>
  );
  if (id !== null && !Number.isInteger(id)) return <NotFound what="camera" />;
  if (cameras.isPending) return <Spinner label="Loading the cameras…" />;
  if (cameras.isError)
    return <ErrorState message={cameras.error.message} onRetry={() => void cameras.refetch()} />;
  const camera = list.find((candidate) => candidate.id === id);
  // A link to a camera this user may not see (or that is gone): not found, as the API says.
  if (id !== null && !camera) return <NotFound what="camera" />;
  if (list.length === 0) {
    return (
      <section aria-labelledby="recordings-title" className="mx-auto max-w-6xl space-y-3">
        {heading}
        <p>You have no cameras yet, so there is nothing recorded to see.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="recordings-title" className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        {heading}
        <div className="w-full sm:w-64">
          <SelectField
            label="Camera"
            name="camera"
            value={id === null ? '' : String(id)}
            onChange={(event) => chooseCamera(event.target.value)}
            options={[
              { value: '', label: 'All cameras' },
              ...list.map((option) => ({ value: String(option.id), label: option.name })),
            ]}
          />
        </div>
      </div>
      {camera ? (
        <RecordingView
          key={camera.id}
          cameraId={camera.id}
          cameraName={camera.name}
          cameraNames={new Map(list.map((option) => [option.id, option.name]))}
        />
      ) : (
        <DayOverview cameras={list} />
      )}
    </section>
  );
}
