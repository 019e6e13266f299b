import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { refresh, session } from './api/session';
import { Spinner } from './components/Spinner';
import { AccountPage } from './features/account/AccountPage';
import { PasswordChangeRequired } from './features/account/PasswordChangeRequired';
import { LoginPage } from './features/auth/LoginPage';
import { BinPage } from './features/cameras/BinPage';
import { CameraPage } from './features/cameras/CameraPage';
import { CamerasPage } from './features/cameras/CamerasPage';
import { AlertActionsPage } from './features/alerts/AlertActionsPage';
import { AlertsPage } from './features/alerts/AlertsPage';
import { EventsPage } from './features/events/EventsPage';
import { FacesPage } from './features/faces/FacesPage';
import { EditCameraPage } from './features/cameras/EditCameraPage';
import { NewCameraPage } from './features/cameras/NewCameraPage';
import { LayoutEditorPage } from './features/live/LayoutEditor';
import { LayoutsPage } from './features/live/LayoutsPage';
import { LayoutWall } from './features/live/LayoutWall';
import { LiveWall } from './features/live/LiveWall';
import { RecordingsPage } from './features/recordings/RecordingsPage';
import { ReviewItemPage } from './features/review/ReviewItemPage';
import { ReviewPage } from './features/review/ReviewPage';
import { NotFound } from './features/shell/NotFound';
import { Shell } from './features/shell/Shell';

// Screens used less often come as chunks of their own, fetched when first opened.
const AiRoutes = lazy(() => import('./features/ai/AiRoutes'));
const AdminRoutes = lazy(() => import('./features/admin/AdminRoutes'));

function Section({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading…" />}>{children}</Suspense>;
}

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
        <Route path="review" element={<ReviewPage />} />
        <Route path="review/:id" element={<ReviewItemPage />} />
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
        <Route path="faces" element={<FacesPage isSuperuser={state.isSuperuser} />} />
        <Route
          path="ai/*"
          element={
            <Section>
              <AiRoutes />
            </Section>
          }
        />
        <Route
          path="admin/*"
          element={
            <Section>
              <AdminRoutes isSuperuser={state.isSuperuser} />
            </Section>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
