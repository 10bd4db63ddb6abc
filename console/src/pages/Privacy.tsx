import { useEffect, useState } from 'preact/hooks';
import { api, apiData, errorText } from '../api';
import { ErrorMessage, ListState } from '../components';
import { formatDate } from '../format';
import { can, useSession } from '../session';

const TYPES: { type: string; label: string; hint: string }[] = [
  { type: 'ssn', label: 'Social Security numbers', hint: 'GLBA' },
  { type: 'card_number', label: 'Card numbers', hint: 'PCI DSS; Luhn-checked' },
  { type: 'bank_account', label: 'Bank account numbers', hint: 'GLBA' },
  { type: 'routing_number', label: 'Routing numbers', hint: 'ABA-checked' },
  { type: 'date_of_birth', label: 'Dates of birth', hint: '' },
  { type: 'email', label: 'E-mail addresses', hint: 'contact data' },
  { type: 'phone', label: 'Phone numbers', hint: 'contact data' },
  { type: 'street_address', label: 'Street addresses', hint: 'contact data' },
];
const PERIODS = [
  { key: 'recordings_days', label: 'Recordings' },
  { key: 'transcripts_days', label: 'Transcripts' },
  { key: 'calls_days', label: 'Whole calls' },
] as const;
type PeriodKey = (typeof PERIODS)[number]['key'];

interface PrivacyPolicy {
  redact_types: string[];
  keep_originals: boolean;
  redact_audio: boolean;
  retention: Record<PeriodKey, number | null>;
  version: number;
  updated_at: string | null;
}

interface AuditEvent {
  audit_event_id: string;
  created_at: string;
  actor: { type: string; id: string; email: string | null };
  action: string;
  target: { type: string; id: string | null };
  details: Record<string, unknown>;
}

/** Settings > Privacy: what is redacted, whether originals are kept, retention, and the audit log. */
export function Privacy() {
  const { session } = useSession();
  if (!can(session, 'privacy:manage')) {
    return (
      <section aria-labelledby="privacy-heading">
        <h2 id="privacy-heading">Redaction and retention</h2>
        <p class="muted">Your role ({session.user.role}) cannot change the privacy policy. Ask an owner or admin.</p>
      </section>
    );
  }
  return (
    <>
      <PolicyForm />
      {can(session, 'audit:read') && <AuditLog />}
    </>
  );
}

function PolicyForm() {
  const [policy, setPolicy] = useState<PrivacyPolicy | null>(null);
  const [draft, setDraft] = useState<PrivacyPolicy | null>(null);
  const [days, setDays] = useState<Record<PeriodKey, string>>({
    recordings_days: '',
    transcripts_days: '',
    calls_days: '',
  });
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function adopt(next: PrivacyPolicy) {
    setPolicy(next);
    setDraft(next);
    setDays({
      recordings_days: next.retention.recordings_days?.toString() ?? '',
      transcripts_days: next.retention.transcripts_days?.toString() ?? '',
      calls_days: next.retention.calls_days?.toString() ?? '',
    });
  }
  useEffect(() => {
    apiData<PrivacyPolicy>('GET', '/privacy/policy')
      .then(adopt)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the policy')));
  }, []);
  if (!draft || !policy) {
    return (
      <section aria-labelledby="privacy-heading">
        <h2 id="privacy-heading">Redaction and retention</h2>
        <ErrorMessage error={error} />
        {!error && <p class="muted">Loading…</p>}
      </section>
    );
  }

  function toggle(type: string, on: boolean) {
    const types = on ? [...draft!.redact_types, type] : draft!.redact_types.filter((each) => each !== type);
    setDraft({ ...draft!, redact_types: TYPES.map((each) => each.type).filter((each) => types.includes(each)) });
  }

  async function save(event: Event) {
    event.preventDefault();
    setError(null);
    setSaved(null);
    const retention = Object.fromEntries(
      PERIODS.map(({ key }) => [key, days[key].trim() === '' ? null : Number(days[key])]),
    );
    try {
      const next = await apiData<PrivacyPolicy & { reapply_workflow_id: string | null }>('PATCH', '/privacy/policy', {
        redact_types: draft!.redact_types,
        keep_originals: draft!.keep_originals,
        redact_audio: draft!.redact_audio,
        retention,
      });
      adopt(next);
      setSaved(
        next.reapply_workflow_id
          ? `Saved (version ${next.version}). Past calls are being redacted for the added types by the workflow ${next.reapply_workflow_id}.`
          : `Saved (version ${next.version}).`,
      );
    } catch (failure) {
      setError(errorText(failure, 'Could not save the policy'));
    }
  }

  return (
    <section aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Redaction and retention</h2>
      <form class="policy stacked" onSubmit={save}>
        <fieldset>
          <legend>Redact from transcripts, summaries, evidence, events and webhooks</legend>
          {TYPES.map(({ type, label, hint }) => (
            <label key={type} class="check">
              <input
                type="checkbox"
                checked={draft.redact_types.includes(type)}
                onChange={(e) => toggle(type, e.currentTarget.checked)}
              />
              {label}
              {hint && <span class="muted"> ({hint})</span>}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Originals</legend>
          <label class="check">
            <input
              type="checkbox"
              checked={draft.keep_originals}
              onChange={(e) => setDraft({ ...draft, keep_originals: e.currentTarget.checked })}
            />
            Keep redacted values encrypted, revealable with the <code>pii:read</code> permission (each reveal is
            audited)
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={draft.redact_audio}
              onChange={(e) => setDraft({ ...draft, redact_audio: e.currentTarget.checked })}
            />
            Silence the recording where a redacted value was said
          </label>
        </fieldset>
        <fieldset>
          <legend>Retention (days; empty keeps forever)</legend>
          {PERIODS.map(({ key, label }) => (
            <label key={key}>
              {label}
              <input
                type="number"
                min={1}
                max={36500}
                value={days[key]}
                onInput={(e) => setDays({ ...days, [key]: e.currentTarget.value })}
              />
            </label>
          ))}
        </fieldset>
        <button type="submit">Save policy</button>
      </form>
      {saved && <p role="status">{saved}</p>}
      <ErrorMessage error={error} />
      <p class="muted">
        Version {policy.version}
        {policy.updated_at ? `, changed ${formatDate(policy.updated_at)}` : ', the defaults'}. Retention runs hourly
        (the <code>retention</code> Temporal Schedule); calls on legal hold are kept.
      </p>
    </section>
  );
}

function AuditLog() {
  const [entries, setEntries] = useState<AuditEvent[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load(after: string | null) {
    try {
      const page = await api<{ data: AuditEvent[]; pagination: { next_cursor: string | null } }>(
        'GET',
        `/audit-events?limit=20${after ? `&cursor=${encodeURIComponent(after)}` : ''}`,
      );
      setEntries((before) => (after ? [...(before ?? []), ...page.data] : page.data));
      setCursor(page.pagination.next_cursor);
    } catch (failure) {
      setError(errorText(failure, 'Could not load the audit log'));
    }
  }
  useEffect(() => {
    void load(null);
  }, []);

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <ErrorMessage error={error} />
      <ListState items={entries} empty="Nothing recorded yet.">
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Did</th>
              <th scope="col">To</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries?.map((entry) => (
              <tr key={entry.audit_event_id}>
                <td title={entry.created_at}>{formatDate(entry.created_at)}</td>
                <td>{entry.actor.email ?? `${entry.actor.type} ${entry.actor.id}`}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  {entry.target.type}
                  {entry.target.id ? ` ${entry.target.id}` : ''}
                </td>
                <td class="muted">
                  {typeof entry.details.reason === 'string' ? `reason: ${entry.details.reason}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {cursor && (
        <button type="button" onClick={() => void load(cursor)}>
          More
        </button>
      )}
    </section>
  );
}
