import { useEffect, useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import { ErrorMessage } from '../components';
import { atCallOffset, formatDate, formatSeconds } from '../format';
import type { CallSummary } from './Calls';

interface ContactDetailData {
  contact_id: string;
  name: string | null;
  phones: string[];
  emails: string[];
  crm_ids: Record<string, string>;
  metrics: {
    call_count: number;
    total_duration_seconds: number;
    first_call_at: string | null;
    last_call_at: string | null;
  };
  history: CallSummary[];
  open_tasks: { task_id: string; text: string; due_date: string | null }[];
}

/** One contact: how to reach them, their calls (newest first, each linked), open tasks and CRM ids. */
export function ContactDetail({ contactId }: { contactId: string }) {
  const [contact, setContact] = useState<ContactDetailData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiData<ContactDetailData>('GET', `/contacts/${encodeURIComponent(contactId)}`)
      .then(setContact)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the contact')));
  }, [contactId]);

  if (error) return <ErrorMessage error={error} />;
  if (!contact) return <p class="muted">Loading…</p>;
  return (
    <article aria-labelledby="contact-heading">
      <h2 id="contact-heading">{contact.name ?? contact.phones[0] ?? contact.emails[0] ?? 'Contact'}</h2>
      <p class="muted">
        {[...contact.phones, ...contact.emails].join(' · ')}
        {Object.entries(contact.crm_ids).map(([crm, id]) => ` · ${crm} ${id}`)}
      </p>
      <p class="figures">
        <span>
          <strong>{contact.metrics.call_count}</strong> calls
        </span>
        <span>
          <strong>{formatSeconds(contact.metrics.total_duration_seconds)}</strong> talk time
        </span>
        <span title={contact.metrics.first_call_at ?? ''}>first {formatDate(contact.metrics.first_call_at)}</span>
      </p>
      {contact.open_tasks.length > 0 && (
        <section aria-labelledby="open-tasks-heading">
          <h3 id="open-tasks-heading">Open tasks</h3>
          <ul>
            {contact.open_tasks.map((task) => (
              <li key={task.task_id}>
                {task.text} {task.due_date ? `(due ${task.due_date})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <h3>Conversation history</h3>
      <ul class="history">
        {contact.history.map((call) => (
          <li key={call.call_id}>
            <a
              href={`#/calls/${encodeURIComponent(call.call_id)}`}
              title={atCallOffset(call.recorded_at, call.recorded_utc_offset_minutes)}
            >
              {formatDate(call.recorded_at)}
            </a>{' '}
            with {call.agent.name ?? call.agent.email}
            {call.duration_seconds !== null ? `, ${formatSeconds(call.duration_seconds)}` : ''}{' '}
            <span class={`status status-${call.status}`}>{call.status}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
