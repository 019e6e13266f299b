import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/FormError';
import { SelectField } from '../../../components/SelectField';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useBoundedForm } from '../../../lib/useBoundedForm';
import { DuplicateCameraDialog } from '../DuplicateCameraDialog';
import { DuplicateCameraError } from '../queries';
import { ProfileTable, profileSummary } from './ProfileTable';
import { useAddOnvifCamera, type DeviceAccess, type DeviceInspection } from './queries';

/** The substream select's value for "none" (a profile token is never empty). */
const NO_SUBSTREAM = '';

/**
 * What the device offers and the choice of streams: main and substream preselected as the recorder suggests
 * (largest and smallest profile), a name, and "Add camera". The recorder reads the main stream before it stores
 * anything, so adding takes a few seconds and may still fail with the device's or the stream's reason.
 */
export function AddFromDevice({
  access,
  inspection,
  defaultName,
}: {
  access: DeviceAccess;
  inspection: DeviceInspection;
  defaultName: string;
}) {
  const add = useAddOnvifCamera();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useBoundedForm('addOnvifCamera', { name: defaultName });
  // A profile without a stream URI (the device faulted GetStreamUri) cannot be chosen.
  const usable = inspection.profiles.filter((profile) => profile.stream_uri !== null);
  const [main, setMain] = useState(inspection.suggested.main_profile ?? usable[0]?.token ?? '');
  const [sub, setSub] = useState(inspection.suggested.sub_profile ?? NO_SUBSTREAM);
  const [duplicate, setDuplicate] = useState<DuplicateCameraError | null>(null);
  const [forceError, setForceError] = useState<string | null>(null);

  const send = async (force: boolean) => {
    const { camera } = await add.mutateAsync({
      ...access,
      name: form.values.name,
      main_profile: main,
      sub_profile: sub === NO_SUBSTREAM ? null : sub,
      force,
    });
    toast({ title: `${camera.name} added`, description: 'Its streams come from the device’s profiles.' });
    void navigate(`/cameras/${camera.id}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      await send(false);
    } catch (error) {
      if (error instanceof DuplicateCameraError) {
        setForceError(null);
        setDuplicate(error);
      } else form.showError(error);
    }
  };

  const addAnyway = async () => {
    try {
      await send(true);
      setDuplicate(null);
    } catch (error) {
      setForceError(error instanceof Error ? error.message : 'Adding the camera failed.');
    }
  };

  const { device } = inspection;
  const details = [
    ['Manufacturer', device.manufacturer],
    ['Model', device.model],
    ['Firmware', device.firmware_version],
  ] as const;
  const options = usable.map((profile) => ({ value: profile.token, label: profileSummary(profile) }));

  return (
    <>
      <form
        noValidate
        aria-labelledby="device-title"
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="device-title" className="text-base font-semibold">
          The device
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{term}</dt>
              <dd className="break-words">{value ?? 'not reported'}</dd>
            </div>
          ))}
        </dl>
        <ProfileTable profiles={inspection.profiles} />
        {usable.length === 0 ? (
          <FormError message="The device reports no profile with a stream address, so there is nothing to record. Check its media settings." />
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Main stream"
                hint="Recorded and shown in full size."
                options={options}
                value={main}
                onChange={(event) => {
                  setMain(event.target.value);
                  if (event.target.value === sub) setSub(NO_SUBSTREAM);
                }}
              />
              <SelectField
                label="Substream"
                hint="Smaller, for the live grid and the AI."
                options={[
                  { value: NO_SUBSTREAM, label: 'No substream' },
                  ...options.filter((option) => option.value !== main),
                ]}
                value={sub}
                onChange={(event) => setSub(event.target.value)}
              />
            </div>
            <TextField label="Camera name" {...form.field('name')} autoComplete="off" />
            <FormError message={form.formError} />
            {add.isPending && <Spinner label="Reading the main stream before adding the camera…" />}
            <Button type="submit" tone="primary" disabled={add.isPending}>
              Add camera
            </Button>
          </>
        )}
      </form>
      <DuplicateCameraDialog
        duplicate={duplicate}
        error={forceError}
        pending={add.isPending}
        onCancel={() => setDuplicate(null)}
        onAddAnyway={() => void addAnyway()}
      />
    </>
  );
}
