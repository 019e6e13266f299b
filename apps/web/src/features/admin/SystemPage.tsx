import { BackupPanel } from './BackupPanel';
import { RecordingSettingsPanel } from './RecordingSettingsForm';
import { RestorePanel } from './RestorePanel';
import { AdminPage } from './AdminPage';

/** The recorder as a whole: its recordings' settings, and its configuration saved and restored. */
export function SystemPage() {
  return (
    <AdminPage id="system" title="System">
      <RecordingSettingsPanel />
      <div className="grid gap-4 md:grid-cols-2">
        <BackupPanel />
        <RestorePanel />
      </div>
    </AdminPage>
  );
}
