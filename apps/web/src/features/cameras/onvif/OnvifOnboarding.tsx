import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { useMe } from '../queries';
import { AddFromDevice } from './AddFromDevice';
import { ConnectForm } from './ConnectForm';
import { DiscoveryPanel } from './DiscoveryPanel';
import type { DeviceAccess, DeviceInspection, DiscoveredDevice } from './queries';

interface Connected {
  access: DeviceAccess;
  inspection: DeviceInspection;
}

/**
 * Add a camera from an ONVIF device: find it (administrators), connect with its account, choose its streams.
 * The password typed at "Connect" lives only in this component's memory until the camera is added (the add sends
 * it again); it is never put back into a field.
 */
export function OnvifOnboarding() {
  const me = useMe();
  const [chosen, setChosen] = useState<DiscoveredDevice | null>(null);
  const [connected, setConnected] = useState<Connected | null>(null);
  // Kept when the user goes back to change the connection, so they need not type them again.
  const [lastAccess, setLastAccess] = useState({ xaddr: '', username: '' });

  if (me.isPending) return <Spinner label="Loading…" />;
  if (me.isError) return <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />;

  const choose = (device: DiscoveredDevice) => {
    setChosen(device);
    setConnected(null);
    setLastAccess((current) => ({ ...current, xaddr: device.xaddrs[0] ?? '' }));
  };

  return (
    <div className="space-y-4">
      {me.data.is_superuser ? (
        <DiscoveryPanel onChoose={choose} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Only an administrator can search the network for devices: enter your device’s address (you find it
          in the camera’s app or your router’s list of devices).
        </p>
      )}
      {connected ? (
        <>
          <section
            aria-label="Connection"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="min-w-0 flex-1 break-words">
              Connected to <span className="font-medium">{connected.access.xaddr}</span> as{' '}
              <span className="font-medium">{connected.access.username}</span> (password set)
            </p>
            <Button onClick={() => setConnected(null)}>Change</Button>
          </section>
          <AddFromDevice
            access={connected.access}
            inspection={connected.inspection}
            defaultName={chosen?.name ?? connected.inspection.device.model ?? ''}
          />
        </>
      ) : (
        // Keyed by the chosen device: choosing another one starts a fresh form with its address.
        <ConnectForm
          key={chosen?.address ?? 'typed'}
          initial={lastAccess}
          focusOnOpen={chosen !== null}
          onConnected={(access, inspection) => {
            setLastAccess({ xaddr: access.xaddr, username: access.username });
            setConnected({ access, inspection });
          }}
        />
      )}
    </div>
  );
}
