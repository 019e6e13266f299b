import { BackupPanel } from './BackupPanel';
import { RecordingSettingsPanel } from './RecordingSettingsForm';
import { RestorePanel } from './RestorePanel';
import { SigningKeyPanel } from './SigningKeyPanel';
import { AdminPage } from './AdminPage';

/** The recorder as a whole: its recordings' settings, its configuration saved and restored, its signing key. */
export function SystemPage() {
  return (
    <AdminPage id="system" title="System">
      <RecordingSettingsPanel />
      <div className="grid gap-4 md:grid-cols-2">
        <BackupPanel />
        <RestorePanel />
      </div>
      <SigningKeyPanel />
    </AdminPage>
  );
}
