import { useMemo } from 'react';
import { SelectField } from '../../components/SelectField';
import { ALL_CAMERAS, useCameras } from './queries';

/** The cameras a filter can name (all of the user's), and their names by id for the rows of a list. */
export function useCameraNames(): ReadonlyMap<number, string> {
  const cameras = useCameras({ limit: ALL_CAMERAS });
  return useMemo(
    () => new Map((cameras.data?.cameras ?? []).map((camera) => [camera.id, camera.name])),
    [cameras.data],
  );
}

/**
 * "All cameras" or one of them, for the filters of a list. A camera id from the URL that is not (or no longer) in
 * the user's list stays selectable by its number, so the filter never silently changes.
 */
export function CameraFilterSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (value: string) => void;
}) {
  const names = useCameraNames();
  return (
    <SelectField
      label="Camera"
      name="camera"
      value={value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: 'All cameras' },
        ...[...names].map(([id, name]) => ({ value: String(id), label: name })),
        ...(value !== undefined && !names.has(value)
          ? [{ value: String(value), label: `Camera ${value}` }]
          : []),
      ]}
    />
  );
}
