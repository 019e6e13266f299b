import { CloudSettingsPanel } from './CloudSettingsForm';

/** Cloud recording and streaming settings. */
export function CloudPage() {
  return (
    <section aria-labelledby="cloud-title" className="space-y-4">
      <h1 id="cloud-title" className="text-xl font-semibold">
        Cloud
      </h1>
      <CloudSettingsPanel />
    </section>
  );
}
