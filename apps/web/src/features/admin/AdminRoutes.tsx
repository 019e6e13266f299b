// The administration screens under /admin (routes listed in AdminLayout.tsx), loaded as a chunk of their own when
// first opened.
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { AppsPage } from './AppsPage';
import { AuditPage } from './AuditPage';
import { CloudSettingsPage } from './CloudSettingsPage';
import { IntegrationsPage } from './integrations/IntegrationsPage';
import { MediaTlsPage } from './MediaTlsPage';
import { NodesPage } from './nodes/NodesPage';
import { SystemPage } from './SystemPage';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';
import { NotFound } from '../shell/NotFound';

export default function AdminRoutes({ isSuperuser }: { isSuperuser: boolean }) {
  return (
    <Routes>
      <Route element={<AdminLayout isSuperuser={isSuperuser} />}>
        <Route index element={<Navigate to="/admin/users" replace />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:userId" element={<UserPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="system" element={<SystemPage />} />
        <Route path="apps" element={<AppsPage />} />
        <Route path="cloud" element={<CloudSettingsPage />} />
        <Route path="tls" element={<MediaTlsPage />} />
        <Route path="integrations" element={<IntegrationsPage />} />
        <Route path="nodes" element={<NodesPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
