import { useEffect, useState } from 'preact/hooks';
import { api, apiData, errorText } from '../api';
import { ErrorMessage } from '../components';
import { atCallOffset, formatDate } from '../format';
import type { CallSummary } from './Calls';

interface BatchProgress {
  batch_id: string;
  total_calls: number;
  processed: number;
  failed: number;
  in_progress: number;
  status: string;
  progress_percentage: number;
}

/** A batch: its progress (refreshed while it runs) and its calls. */
export function Batch({ batchId }: { batchId: string }) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [calls, setCalls] = useState<CallSummary[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    Promise.all([
      apiData<BatchProgress>('GET', `/batches/${encodeURIComponent(batchId)}`).then(setProgress),
      api<{ data: CallSummary[] }>('GET', `/calls?batch_id=${encodeURIComponent(batchId)}&limit=100`).then((page) =>
        setCalls(page.data),
      ),
    ]).catch((failure: unknown) => setError(errorText(failure, 'Could not load the batch')));
  useEffect(() => {
    void load();
  }, [batchId]);
  useEffect(() => {
    if (
      !progress ||
      progress.status === 'completed' ||
      progress.status === 'completed_with_errors' ||
      progress.status === 'failed'
    )
      return;
    const timer = window.setTimeout(() => void load(), 2000);
    return () => window.clearTimeout(timer);
  }, [progress]);

  if (error) return <ErrorMessage error={error} />;
  if (!progress) return <p class="muted">Loading…</p>;
  return (
    <article aria-labelledby="batch-heading">
      <h2 id="batch-heading">
        Batch <code>{progress.batch_id}</code>{' '}
        <span class={`status status-${progress.status}`} data-testid="batch-status">
          {progress.status}
        </span>
      </h2>
      <p>
        <progress max={100} value={progress.progress_percentage} aria-label="Batch progress" /> {progress.processed} of{' '}
        {progress.total_calls} processed ({progress.failed} failed, {progress.in_progress} in progress)
      </p>
      <ul class="history">
        {calls.map((call) => (
          <li key={call.call_id}>
            <a
              href={`#/calls/${encodeURIComponent(call.call_id)}`}
              title={atCallOffset(call.recorded_at, call.recorded_utc_offset_minutes)}
            >
              {formatDate(call.recorded_at)}
            </a>{' '}
            {call.external_id ?? call.call_id} <span class={`status status-${call.status}`}>{call.status}</span>
            {call.failure_reason && <span class="muted"> {call.failure_reason}</span>}
          </li>
        ))}
      </ul>
    </article>
  );
}
