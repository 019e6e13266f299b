import { BackupPanel } from './BackupPanel';
import { RecordingSettingsPanel } from './RecordingSettingsForm';
import { RestorePanel } from './RestorePanel';

/** The recorder as a whole: its recordings' settings, and its configuration saved and restored. */
export function SystemPage() {
  return (
    <section aria-labelledby="system-title" className="space-y-4">
      <h1 id="system-title" className="text-xl font-semibold">
        System
      </h1>
      <RecordingSettingsPanel />
      <div className="grid gap-4 md:grid-cols-2">
        <BackupPanel />
        <RestorePanel />
      </div>
    </section>
  );
}
