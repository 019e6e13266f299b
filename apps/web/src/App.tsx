import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { refresh, session } from './api/session';
import { Spinner } from './components/Spinner';
import { AdminLayout } from './features/admin/AdminLayout';
import { AppsPage } from './features/admin/AppsPage';
import { CloudSettingsPage } from './features/admin/CloudSettingsPage';
import { MediaTlsPage } from './features/admin/MediaTlsPage';
import { AuditPage } from './features/admin/AuditPage';
import { SystemPage } from './features/admin/SystemPage';
import { UserPage } from './features/admin/UserPage';
import { UsersPage } from './features/admin/UsersPage';
import { AccountPage } from './features/account/AccountPage';
import { AiPage } from './features/ai/AiPage';
import { AiSection } from './features/ai/AiSection';
import { AiCloudPage } from './features/ai/AiCloudPage';
import { ModelPage } from './features/ai/ModelPage';
import { NewModelPage } from './features/ai/NewModelPage';
import { ResultsPage } from './features/ai/ResultsPage';
import { PasswordChangeRequired } from './features/account/PasswordChangeRequired';
import { LoginPage } from './features/auth/LoginPage';
import { BinPage } from './features/cameras/BinPage';
import { CameraPage } from './features/cameras/CameraPage';
import { CamerasPage } from './features/cameras/CamerasPage';
import { AlertActionsPage } from './features/alerts/AlertActionsPage';
import { AlertsPage } from './features/alerts/AlertsPage';
import { EventsPage } from './features/events/EventsPage';
import { EditCameraPage } from './features/cameras/EditCameraPage';
import { NewCameraPage } from './features/cameras/NewCameraPage';
import { LayoutEditorPage } from './features/live/LayoutEditor';
import { LayoutsPage } from './features/live/LayoutsPage';
import { LayoutWall } from './features/live/LayoutWall';
import { LiveWall } from './features/live/LiveWall';
import { RecordingsPage } from './features/recordings/RecordingsPage';
import { NotFound } from './features/shell/NotFound';
import { Shell } from './features/shell/Shell';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

export function App() {
  const state = useSession();
  useEffect(() => {
    // A reload: the refresh cookie, if any, brings the session back.
    if (session.snapshot().status === 'unknown') void refresh();
  }, []);

  if (state.status === 'unknown') {
    return (
      <main className="grid min-h-screen place-items-center">
        <Spinner label="Connecting to the recorder…" />
      </main>
    );
  }
  // Signed out: whatever the URL, sign in first; the URL stays, so a deep link opens after signing in.
  if (state.status === 'signed-out') return <LoginPage notice={state.reason ?? null} />;
  if (state.passwordChangeRequired) return <PasswordChangeRequired username={state.username} />;
  return (
    <Routes>
      <Route element={<Shell username={state.username} isSuperuser={state.isSuperuser} />}>
        <Route index element={<Navigate to="/live" replace />} />
        <Route path="live" element={<LiveWall />} />
        <Route path="live/layout/:layoutId" element={<LayoutWall />} />
        <Route path="layouts" element={<LayoutsPage />} />
        <Route path="layouts/new" element={<LayoutEditorPage key="new" />} />
        <Route path="layouts/:layoutId/edit" element={<LayoutEditorPage />} />
        <Route path="cameras" element={<CamerasPage />} />
        <Route path="cameras/new" element={<NewCameraPage />} />
        <Route path="cameras/bin" element={<BinPage />} />
        <Route path="cameras/:cameraId" element={<CameraPage />} />
        <Route path="cameras/:cameraId/edit" element={<EditCameraPage />} />
        <Route path="cameras/:cameraId/:section" element={<CameraPage />} />
        <Route
          path="account"
          element={<AccountPage username={state.username} isSuperuser={state.isSuperuser} />}
        />
        <Route path="recordings" element={<RecordingsPage />} />
        <Route path="recordings/:cameraId" element={<RecordingsPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="alerts" element={<AlertsPage />} />
        <Route path="alerts/actions" element={<AlertActionsPage />} />
        <Route path="ai" element={<AiSection />}>
          <Route index element={<AiPage />} />
          <Route path="models/new" element={<NewModelPage />} />
          <Route path="models/:modelId" element={<ModelPage />} />
          <Route path="results" element={<ResultsPage />} />
          <Route path="cloud" element={<AiCloudPage />} />
        </Route>
        <Route path="admin" element={<AdminLayout isSuperuser={state.isSuperuser} />}>
          <Route index element={<Navigate to="/admin/users" replace />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:userId" element={<UserPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="system" element={<SystemPage />} />
          <Route path="apps" element={<AppsPage />} />
          <Route path="cloud" element={<CloudSettingsPage />} />
          <Route path="tls" element={<MediaTlsPage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
