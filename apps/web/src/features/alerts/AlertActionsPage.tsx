import { useState } from 'react';
import { requestBounds } from '../../api/bounds';
import { listProblem } from '../../api/field-bounds';
import type { ActionConfig, ActionConfigIn, ActionTestResult, Severity } from '../../api/types';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SecretField } from '../../components/SecretField';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { useMe } from '../cameras/queries';
import { AlertsNav } from './AlertsNav';
import { useAlertActions, useTestAlertActions, useUpdateAlertActions } from './queries';
import { SEVERITIES } from './SeverityBadge';

/** Where notifications go when an alert is raised (superuser only): webhook and SMS, and a test of both. */
export function AlertActionsPage() {
  const me = useMe();
  const superuser = me.data?.is_superuser === true;
  const config = useAlertActions(superuser);

  return (
    <section aria-labelledby="actions-title" className="mx-auto max-w-3xl space-y-4">
      <h1 id="actions-title" className="text-xl font-semibold">
        Notification actions
      </h1>
      <AlertsNav />
      {me.isPending ? (
        <Spinner label="Loading…" />
      ) : me.isError ? (
        <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />
      ) : !superuser ? (
        <p role="alert" className="rounded-lg border border-slate-300 p-4 dark:border-slate-700">
          Only administrators can see and change notification actions.
        </p>
      ) : config.isPending ? (
        <Spinner label="Loading notification actions…" />
      ) : config.isError ? (
        <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />
      ) : (
        <>
          {/* A new form after each save: the saved values in, typed secrets out. */}
          <ActionsForm key={config.data.updated_at ?? 'never-saved'} config={config.data} />
          <TestPanel />
        </>
      )}
    </section>
  );
}

const splitLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "Name: value" lines → headers; the first line that is not one, as a problem. */
function parseHeaders(text: string): { headers: Record<string, string> } | { problem: string } {
  const headers: Record<string, string> = {};
  for (const [index, line] of splitLines(text).entries()) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { problem: `Line ${index + 1}: write it as “Name: value”.` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers };
}

function ActionsForm({ config }: { config: ActionConfig }) {
  const toast = useToast();
  const update = useUpdateAlertActions();
  const form = useBoundedForm('updateAlertActions', {
    min_severity: config.min_severity,
    'webhook.url': config.webhook.url ?? '',
    'webhook.secret': '',
    // Values are never sent to the browser: "***" stands for the stored value and keeps it.
    'webhook.headers': Object.entries(config.webhook.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    'telephony.account_sid': config.telephony.account_sid ?? '',
    'telephony.auth_token': '',
    'telephony.from_number': config.telephony.from_number ?? '',
    'telephony.to_numbers': config.telephony.to_numbers.join('\n'),
    'telephony.base_url': config.telephony.base_url,
  });
  const [webhookOn, setWebhookOn] = useState(config.webhook.enabled);
  const [smsOn, setSmsOn] = useState(config.telephony.enabled);
  const [clearSecret, setClearSecret] = useState(false);
  const [clearToken, setClearToken] = useState(false);
  const [localErrors, setLocalErrors] = useState<{ headers?: string; numbers?: string }>({});
  const v = form.values;

  const submit = () => {
    const headers = parseHeaders(v['webhook.headers']);
    const numbers = splitLines(v['telephony.to_numbers']);
    const numbersProblem = listProblem(requestBounds.updateAlertActions['telephony.to_numbers'], numbers);
    const problems = {
      ...('problem' in headers ? { headers: headers.problem } : {}),
      ...(numbersProblem ? { numbers: numbersProblem } : {}),
    };
    setLocalErrors(problems);
    const valid = form.validate();
    if (!valid || Object.keys(problems).length > 0 || 'problem' in headers) {
      form.setFormError('Some fields need attention.');
      return;
    }
    const secret = v['webhook.secret'];
    const token = v['telephony.auth_token'];
    // Blank secrets are left out (the stored one stays); "Remove" sends null (API.md §1, Secrets).
    const body: ActionConfigIn = {
      min_severity: v.min_severity as Severity,
      webhook: {
        enabled: webhookOn,
        url: v['webhook.url'].trim() || null,
        headers: headers.headers,
        ...(clearSecret ? { secret: null } : secret ? { secret } : {}),
      },
      telephony: {
        enabled: smsOn,
        account_sid: v['telephony.account_sid'].trim() || null,
        from_number: v['telephony.from_number'].trim() || null,
        to_numbers: numbers,
        base_url: v['telephony.base_url'].trim() || null,
        ...(clearToken ? { auth_token: null } : token ? { auth_token: token } : {}),
      },
    };
    update.mutate(body, {
      onSuccess: () => toast({ title: 'Notification actions saved' }),
      onError: (error) => form.showError(error),
    });
  };

  return (
    <form
      aria-labelledby="actions-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-6"
    >
      <SelectField
        label="Notify for alerts of at least"
        hint="Alerts below this severity are listed in the app but not sent anywhere."
        options={SEVERITIES.map((s) => ({ value: s, label: s }))}
        {...form.field('min_severity')}
      />

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Webhook</legend>
        <CheckboxField
          name="webhook-enabled"
          label="Send alerts to a webhook"
          hint="A POST of {event, alert} as JSON, signed with X-Signature-256 when a secret is set."
          checked={webhookOn}
          onChange={setWebhookOn}
        />
        <TextField label="URL" type="url" inputMode="url" {...form.field('webhook.url')} />
        <SecretField
          label="Signing secret"
          isSet={config.webhook.secret_set}
          cleared={clearSecret}
          onClear={setClearSecret}
          field={form.field('webhook.secret')}
        />
        <TextAreaField
          label="Extra headers, one “Name: value” per line (*** keeps a stored value)"
          {...form.field('webhook.headers')}
          error={localErrors.headers ?? form.errors['webhook.headers'] ?? null}
        />
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Text messages (SMS)</legend>
        <CheckboxField
          name="telephony-enabled"
          label="Send alerts as text messages"
          hint="Through a Twilio-compatible service."
          checked={smsOn}
          onChange={setSmsOn}
        />
        <TextField label="Account SID" autoComplete="off" {...form.field('telephony.account_sid')} />
        <SecretField
          label="Auth token"
          isSet={config.telephony.auth_token_set}
          cleared={clearToken}
          onClear={setClearToken}
          field={form.field('telephony.auth_token')}
        />
        <TextField label="From (number or sender name)" {...form.field('telephony.from_number')} />
        <TextAreaField
          label="To: phone numbers, one per line (+ and country code)"
          {...form.field('telephony.to_numbers')}
          error={localErrors.numbers ?? form.errors['telephony.to_numbers'] ?? null}
        />
        <TextField label="Service base URL" type="url" {...form.field('telephony.base_url')} />
      </fieldset>

      <FormError message={form.formError} />
      <Button tone="primary" type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save notification actions'}
      </Button>
    </form>
  );
}

const OUTCOME_WORDS: Record<string, string> = { sent: 'Sent', failed: 'Failed', skipped: 'Skipped' };

function TestPanel() {
  const test = useTestAlertActions();
  return (
    <section
      aria-labelledby="test-title"
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="test-title" className="font-semibold">
        Test
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Sends a test notification on every channel with the saved settings and shows what each one answered.
      </p>
      <Button disabled={test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? 'Sending…' : 'Send test notification'}
      </Button>
      <div role="status">
        {test.isError && (
          <p className="text-red-700 dark:text-red-300">The test failed: {test.error.message}</p>
        )}
        {test.data && <TestResults result={test.data} />}
      </div>
    </section>
  );
}

function TestResults({ result }: { result: ActionTestResult }) {
  return (
    <ul aria-label="Test results" className="space-y-1 text-sm">
      {result.results.map((outcome, index) => (
        <li key={`${outcome.channel}-${outcome.target ?? index}`} data-outcome={outcome.outcome}>
          <span className="font-medium">{outcome.channel === 'sms' ? 'SMS' : 'Webhook'}</span>
          {outcome.target ? ` to ${outcome.target}` : ''}: {OUTCOME_WORDS[outcome.outcome] ?? outcome.outcome}
          {outcome.status_code !== null ? ` (HTTP ${outcome.status_code})` : ''}
          {outcome.error ? ` — ${outcome.error}` : ''}
        </li>
      ))}
    </ul>
  );
}
