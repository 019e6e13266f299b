import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { DISCOVERY_MS, useDiscovery, type DiscoveredDevice } from './queries';

const SECONDS = DISCOVERY_MS / 1000;

/** A device's own address: its first XAddr's host and port, else the address its answer came from. */
function deviceAddress(device: DiscoveredDevice): string {
  const [xaddr] = device.xaddrs;
  if (!xaddr) return device.source_address;
  try {
    return new URL(xaddr).host;
  } catch {
    return xaddr;
  }
}

/**
 * "Find devices" (superusers: the recorder probes its networks with WS-Discovery and collects answers for about
 * three seconds), then the devices that answered; choosing one fills the address form with its first XAddr.
 */
export function DiscoveryPanel({ onChoose }: { onChoose: (device: DiscoveredDevice) => void }) {
  const discovery = useDiscovery();
  const devices = discovery.data;
  return (
    <section
      aria-labelledby="find-devices-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="find-devices-title" className="text-base font-semibold">
        Find devices on the network
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        The recorder asks the ONVIF devices on its networks to answer and waits {SECONDS} seconds for them.
      </p>
      <Button tone="primary" disabled={discovery.isPending} onClick={() => discovery.mutate()}>
        {devices ? 'Search again' : 'Find devices'}
      </Button>
      {discovery.isPending && <Spinner label={`Listening for answers for ${SECONDS} seconds…`} />}
      {discovery.isError && (
        <ErrorState message={discovery.error.message} onRetry={() => discovery.mutate()} />
      )}
      {!discovery.isPending && devices?.length === 0 && (
        <p role="status" className="text-sm">
          No device answered. Check that the camera is on the same network as the recorder and that ONVIF is
          enabled in its settings (some cameras ship with it off), or enter its address below.
        </p>
      )}
      {!discovery.isPending && devices && devices.length > 0 && (
        <ul aria-label="Devices found" className="divide-y divide-slate-200 dark:divide-slate-800">
          {devices.map((device) => {
            const name = device.name ?? 'Unnamed device';
            return (
              <li key={device.address} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-sm break-words text-slate-600 dark:text-slate-300">
                    {[device.hardware, deviceAddress(device)].filter(Boolean).join(' · ')}
                  </p>
                  {device.camera_id !== null && (
                    <p className="text-sm">
                      Already added:{' '}
                      <Link
                        to={`/cameras/${device.camera_id}`}
                        className="text-sky-700 underline dark:text-sky-400"
                      >
                        open the camera
                      </Link>
                    </p>
                  )}
                </div>
                <Button
                  disabled={device.xaddrs.length === 0}
                  aria-label={`Use this device: ${name} (${deviceAddress(device)})`}
                  onClick={() => onChoose(device)}
                >
                  Use this device
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
