// The administration screens (superusers only), under /admin:
//   /admin/users        accounts: list and create
//   /admin/users/:id    one account: active, administrator, password reset, camera grants
//   /admin/audit        the audit log, paged and filtered
//   /admin/system       backup, restore (with a dry run first) and the recording settings with the disk use
//   /admin/apps         apps of the API and their keys (shown once)
//   /admin/cloud        cloud recording and streaming settings (secrets write-only), stream targets' state
//   /admin/tls          media-source TLS: the parsed certificate, its key, the CA bundle, expiry warnings
//   /admin/integrations MQTT / Home Assistant: the connection's state, its settings (password write-only), topics
//   /admin/nodes        the recorder nodes sharing the database, the cameras each runs; drain, resume, remove
import { Outlet } from 'react-router';
import { SectionNav } from '../../components/SectionNav';

const SECTIONS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/system', label: 'System' },
  { to: '/admin/apps', label: 'Apps' },
  { to: '/admin/cloud', label: 'Cloud' },
  { to: '/admin/tls', label: 'Media TLS' },
  { to: '/admin/integrations', label: 'Integrations' },
  { to: '/admin/nodes', label: 'Nodes' },
];

/** A deep link of someone who is not an administrator: say so plainly instead of a broken screen. */
function NotAllowed() {
  return (
    <section aria-labelledby="not-allowed-title" className="mx-auto max-w-md py-16 text-center">
      <h1 id="not-allowed-title" className="text-2xl font-semibold">
        Not allowed
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Administration is for administrators only. Ask one if you need an account, access to a camera or a
        setting changed.
      </p>
    </section>
  );
}

/** The frame of the administration screens: the section's own navigation, or "not allowed". */
export function AdminLayout({ isSuperuser }: { isSuperuser: boolean }) {
  // Nothing below is even requested for others: the recorder would answer 403 to each call anyway.
  if (!isSuperuser) return <NotAllowed />;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <SectionNav label="Administration" items={SECTIONS} />
      <Outlet />
    </div>
  );
}
