import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { refresh, session } from './api/session';
import { Spinner } from './components/Spinner';
import { LoginPage } from './features/auth/LoginPage';
import { CameraPage } from './features/cameras/CameraPage';
import { CamerasPage } from './features/cameras/CamerasPage';
import { LiveWall } from './features/live/LiveWall';
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
  return (
    <Routes>
      <Route element={<Shell username={state.username} />}>
        <Route index element={<Navigate to="/live" replace />} />
        <Route path="live" element={<LiveWall />} />
        <Route path="cameras" element={<CamerasPage />} />
        <Route path="cameras/:cameraId" element={<CameraPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
