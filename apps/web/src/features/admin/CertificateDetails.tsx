import { dateTime } from './format';
import type { Certificate } from './types';

const DAY_MS = 24 * 3600 * 1000;
/** Warn this long before the certificate runs out: time to get a new one. */
const WARN_DAYS = 30;

/** "expired", "expires in 12 days" or null when comfortably valid; "not valid yet" before its start. */
export function validityWarning(certificate: Certificate, now = Date.now()): string | null {
  const start = Date.parse(certificate.not_before);
  const end = Date.parse(certificate.not_after);
  if (now < start) return `Not valid before ${dateTime(certificate.not_before)}.`;
  if (now >= end) return `Expired on ${dateTime(certificate.not_after)}: cameras will refuse it.`;
  const days = Math.floor((end - now) / DAY_MS);
  if (days >= WARN_DAYS) return null;
  const left = days === 0 ? 'within a day' : `in ${days} day${days === 1 ? '' : 's'}`;
  return `Expires ${left}: upload a new one soon.`;
}

/** A parsed certificate: who it is for, who issued it, when it is valid, its fingerprint. */
export function CertificateDetails({ certificate }: { certificate: Certificate }) {
  const warning = validityWarning(certificate);
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Subject</dt>
        <dd className="break-all">{certificate.subject}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Issuer</dt>
        <dd className="break-all">{certificate.issuer}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Valid</dt>
        <dd>
          {dateTime(certificate.not_before)} to {dateTime(certificate.not_after)}
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">SHA-256</dt>
        <dd className="font-mono text-xs break-all">{certificate.fingerprint_sha256}</dd>
      </dl>
      {warning && (
        <p role="alert" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {warning}
        </p>
      )}
    </div>
  );
}
