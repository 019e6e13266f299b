import { AiNav } from './AiNav';
import { CloudModelsPanel } from './CloudModelsPanel';
import { CredentialsPanel } from './CredentialsPanel';
import { JobsPanel } from './JobsPanel';

/** Cloud AI: provider credentials (write-only tokens), provider models with a try-it panel, and async jobs. */
export function AiCloudPage() {
  return (
    <section aria-labelledby="cloud-title" className="mx-auto max-w-5xl space-y-4">
      <h1 id="cloud-title" className="text-xl font-semibold">
        AI
      </h1>
      <AiNav />
      <CredentialsPanel />
      <CloudModelsPanel />
      <JobsPanel />
    </section>
  );
}
