import { CARD, MUTED, dateTime } from './format';
import { useSigningKey } from './queries';

/** The evidence signing key's fingerprint, to be written down: it is what proves an evidence file is this recorder's. */
export function SigningKeyPanel() {
  const key = useSigningKey();
  return (
    <section aria-labelledby="signing-key-title" className={CARD}>
      <h2 id="signing-key-title" className="font-semibold">
        Evidence signing key
      </h2>
      <p className={MUTED}>
        Evidence exports and the recordings&apos; hash chains are signed with this recorder&apos;s Ed25519
        key. Write the fingerprint down somewhere the recorder cannot change it, and check files with{' '}
        <code>npm run -s verify -- &lt;file&gt; --key &lt;fingerprint&gt;</code>.
      </p>
      {key.isPending && <p role="status">Loading the key…</p>}
      {key.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The key could not be read: {key.error.message}
        </p>
      )}
      {key.data && (
        <dl className="space-y-2 text-sm">
          <dt className="font-medium">Fingerprint (SHA-256)</dt>
          <dd>
            <code data-testid="key-fingerprint" className="break-words font-mono">
              {key.data.fingerprint}
            </code>
          </dd>
          <dt className="font-medium">Created</dt>
          <dd>{dateTime(key.data.created_at)}</dd>
          <dt className="font-medium">Public key ({key.data.algorithm}, base64)</dt>
          <dd>
            <code className="break-all font-mono text-xs">{key.data.public_key}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}
