import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorMessage, ListState } from '../components';
import { can, useSession } from '../session';
import { Upload } from './Upload';
import { atCallOffset, formatDate, formatSeconds } from '../format';

export interface CallSummary {
  call_id: string;
  external_id: string | null;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  failure_reason: string | null;
  recorded_at: string;
  recorded_utc_offset_minutes: number;
  duration_seconds: number | null;
  agent: { name: string | null; email: string };
  contact: { id: string | null; name: string | null; phone: string | null };
  tags: string[];
}

const STATUSES = ['', 'queued', 'processing', 'completed', 'failed'] as const;

/** Calls, newest first, with filters and cursor paging; refreshes itself while a call is in progress. */
export function Calls() {
  const { session } = useSession();
  const [status, setStatus] = useState('');
  const [agent, setAgent] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [batch, setBatch] = useState('');
  const [tag, setTag] = useState('');
  const [calls, setCalls] = useState<CallSummary[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query = (after: string | null) => {
    const params = new URLSearchParams({ limit: '25' });
    if (status) params.set('status', status);
    if (agent) params.set('agent_email', agent);
    // Days are the viewer's own: from its first minute to the end of the "to" day.
    if (fromDay) params.set('from', new Date(`${fromDay}T00:00`).toISOString());
    if (toDay) params.set('to', new Date(new Date(`${toDay}T00:00`).getTime() + 86_400_000).toISOString());
    if (batch) params.set('batch_id', batch);
    if (tag) params.set('tag', tag);
    if (after) params.set('cursor', after);
    return api<{ data: CallSummary[]; pagination: { next_cursor: string | null } }>('GET', `/calls?${params}`);
  };
  const load = () =>
    query(null)
      .then((page) => {
        setCalls(page.data);
        setCursor(page.pagination.next_cursor);
        setError(null);
      })
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load calls')));

  useEffect(() => {
    void load();
  }, [status, agent, fromDay, toDay, batch, tag]);
  // Live status: while a call is queued or processing, look again every few seconds.
  useEffect(() => {
    if (!calls?.some((call) => call.status === 'queued' || call.status === 'processing')) return;
    const timer = window.setTimeout(() => void load(), 3000);
    return () => window.clearTimeout(timer);
  }, [calls]);

  async function more() {
    if (!cursor || !calls) return;
    const page = await query(cursor);
    setCalls([...calls, ...page.data]);
    setCursor(page.pagination.next_cursor);
  }

  return (
    <section aria-labelledby="calls-heading">
      <h2 id="calls-heading">Calls</h2>
      {can(session, 'calls:write') && <Upload onUploaded={() => void load()} />}
      <form class="inline" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            {STATUSES.map((value) => (
              <option value={value}>{value || 'any'}</option>
            ))}
          </select>
        </label>
        <label>
          Agent e-mail
          <input type="email" value={agent} onChange={(e) => setAgent(e.currentTarget.value)} />
        </label>
        <label>
          From
          <input type="date" value={fromDay} onChange={(e) => setFromDay(e.currentTarget.value)} />
        </label>
        <label>
          To
          <input type="date" value={toDay} onChange={(e) => setToDay(e.currentTarget.value)} />
        </label>
        <label>
          Batch
          <input value={batch} placeholder="batch_…" onChange={(e) => setBatch(e.currentTarget.value.trim())} />
        </label>
        <label>
          Tag
          <input value={tag} onChange={(e) => setTag(e.currentTarget.value.trim())} />
        </label>
      </form>
      <ErrorMessage error={error} />
      <ListState items={calls} empty="No calls match. Upload recordings through the API (POST /api/v1/calls/upload).">
        <table>
          <thead>
            <tr>
              <th scope="col">Recorded</th>
              <th scope="col">Agent</th>
              <th scope="col">Customer</th>
              <th scope="col">Length</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {calls?.map((call) => (
              <tr key={call.call_id}>
                <td title={atCallOffset(call.recorded_at, call.recorded_utc_offset_minutes)}>
                  <a href={`#/calls/${encodeURIComponent(call.call_id)}`}>{formatDate(call.recorded_at)}</a>
                </td>
                <td>{call.agent.name ?? call.agent.email}</td>
                <td>{call.contact.name ?? call.contact.phone ?? '—'}</td>
                <td>{call.duration_seconds === null ? '—' : formatSeconds(call.duration_seconds)}</td>
                <td>
                  <span class={`status status-${call.status}`} data-testid="call-status">
                    {call.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {cursor && (
        <button type="button" onClick={() => void more()}>
          Load more
        </button>
      )}
    </section>
  );
}
