import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CertificateDetails } from './CertificateDetails';
import { CARD, MUTED } from './format';
import { useClearMediaTls, useMediaTls, useUploadMediaTls, type TlsFiles } from './queries';
import type { MediaTls } from './types';
import { AdminPage } from './AdminPage';

const FILES: { name: keyof TlsFiles; label: string }[] = [
  { name: 'cert_file', label: 'Certificate (PEM)' },
  { name: 'key_file', label: 'Private key (PEM)' },
  { name: 'ca_bundle_file', label: 'CA bundle (PEM, optional)' },
];

/** What is stored: the certificate, whether its key is there (it is only stored when it matches), the CAs. */
function StoredTls({ tls }: { tls: MediaTls }) {
  const clear = useClearMediaTls();
  const toast = useToast();
  if (!tls.cert && !tls.key_set && !tls.ca_bundle)
    return (
      <p className={MUTED}>Nothing uploaded yet: cameras that need RTSPS cannot be checked against a CA.</p>
    );
  return (
    <div className="space-y-3">
      {tls.cert ? <CertificateDetails certificate={tls.cert} /> : <p className="text-sm">No certificate.</p>}
      <p className="text-sm">
        {tls.key_set
          ? 'Private key: set, and it matches the certificate (the recorder refuses a key that does not).'
          : 'Private key: not set.'}
      </p>
      {tls.ca_bundle && (
        <p className="text-sm">
          CA bundle: {tls.ca_bundle.certificates.length} certificate
          {tls.ca_bundle.certificates.length === 1 ? '' : 's'} (
          {tls.ca_bundle.certificates.map((certificate) => certificate.subject).join('; ')}).
        </p>
      )}
      <Button
        tone="danger"
        disabled={clear.isPending}
        onClick={() =>
          clear.mutate(undefined, {
            onSuccess: () => toast({ title: 'TLS material removed' }),
            onError: (error) =>
              toast({ title: 'Removing failed', description: error.message, tone: 'error' }),
          })
        }
      >
        Remove all
      </Button>
    </div>
  );
}

function UploadForm() {
  const [files, setFiles] = useState<TlsFiles>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const upload = useUploadMediaTls();
  const toast = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!Object.values(files).some(Boolean)) return setProblem('Choose at least one file.');
    setProblem(null);
    try {
      const answer = await upload.mutateAsync(files);
      setWarnings(answer.warnings);
      toast({ title: 'TLS material saved' });
      event.currentTarget.reset();
      setFiles({});
    } catch (error) {
      setWarnings([]);
      setProblem(error instanceof Error ? error.message : 'The upload failed.');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="tls-upload-title"
      className={CARD}
    >
      <h2 id="tls-upload-title" className="font-semibold">
        Upload
      </h2>
      <p className={MUTED}>Files left empty keep what is stored. A new certificate needs its key with it.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {FILES.map(({ name, label }) => (
          <div key={name} className="space-y-1">
            <label htmlFor={`tls-${name}`} className="block text-sm font-medium">
              {label}
            </label>
            <input
              id={`tls-${name}`}
              type="file"
              accept=".pem,.crt,.key,.cer"
              onChange={(event) => setFiles((current) => ({ ...current, [name]: event.target.files?.[0] }))}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-transparent file:px-3 file:py-1.5 dark:file:border-slate-700"
            />
          </div>
        ))}
      </div>
      <FormError message={problem} />
      {warnings.map((warning) => (
        <p key={warning} role="alert" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {warning}
        </p>
      ))}
      <Button type="submit" tone="primary" disabled={upload.isPending}>
        Upload
      </Button>
    </form>
  );
}

/** The certificate and key the recorder presents to cameras, and the CAs it trusts for RTSPS. */
export function MediaTlsPage() {
  const tls = useMediaTls();
  return (
    <AdminPage id="tls" title="Media TLS">
      <section aria-labelledby="tls-stored-title" className={CARD}>
        <h2 id="tls-stored-title" className="font-semibold">
          Stored
        </h2>
        {tls.isPending ? (
          <Spinner label="Loading the TLS material…" />
        ) : tls.isError ? (
          <ErrorState message={tls.error.message} onRetry={() => void tls.refetch()} />
        ) : (
          <StoredTls tls={tls.data} />
        )}
      </section>
      <UploadForm />
    </AdminPage>
  );
}
