import { useEffect, useRef, useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import { atCallOffset, formatDate, formatSeconds } from '../format';
import type { CallSummary } from './Calls';

interface Evidence {
  quote: string;
  start: number;
  end: number;
  speaker: string;
}
interface CallDetailData extends CallSummary {
  batch_id: string | null;
  stages: Record<string, { status: string; updated_at: string; reason?: string }>;
  transcript: {
    language: string | null;
    segments: { speaker: string; start: number; end: number; text: string }[];
  } | null;
  summary: { text: string; key_points: string[]; next_steps: string[] } | null;
  tasks: { task_id: string; text: string; due_date: string | null; evidence: Evidence[]; crm_id: string | null }[];
  appointments: {
    appointment_id: string;
    title: string;
    start: string;
    evidence: Evidence[];
    calendar: { uid: string | null; url: string | null };
  }[];
  extractions: {
    dataset: string;
    data: Record<string, unknown>;
    evidence: Record<string, Evidence[]>;
    missing_required: string[];
  }[];
  links: { recording: string | null; mismo: string | null; workflow: string | null };
}
interface Scorecard {
  template: { name: string };
  total: { score: number; max_score: number; percentage: number };
  criteria: {
    id: string;
    label: string;
    passed: boolean | null;
    score: number;
    max_score: number;
    evidence: Evidence[];
  }[];
}

/**
 * One call: the recording with its transcript following playback (a line or an evidence quote
 * seeks to its start), summary, scorecard with evidence, tasks and stages. Everything a customer
 * said is rendered as text: markup in a transcript shows as characters and never runs.
 */
export function CallDetail({ callId }: { callId: string }) {
  const [call, setCall] = useState<CallDetailData | null>(null);
  const [scorecard, setScorecard] = useState<Scorecard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [position, setPosition] = useState(0);
  const player = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    apiData<CallDetailData>('GET', `/calls/${encodeURIComponent(callId)}`)
      .then(setCall)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the call')));
    apiData<Scorecard>('GET', `/calls/${encodeURIComponent(callId)}/scorecard`)
      .then(setScorecard)
      .catch(() => setScorecard(null));
  }, [callId]);

  const seek = (seconds: number) => {
    if (!player.current) return;
    player.current.currentTime = seconds;
    setPosition(seconds);
  };
  const quote = (evidence: Evidence) => (
    <button type="button" class="quote" data-start={evidence.start} onClick={() => seek(evidence.start)}>
      “{evidence.quote}” <span class="muted">{formatSeconds(evidence.start)}</span>
    </button>
  );

  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!call) return <p class="muted">Loading…</p>;
  return (
    <article aria-labelledby="call-heading">
      <h2 id="call-heading">
        Call with {call.contact.name ?? call.contact.phone ?? 'a customer'}{' '}
        <span class={`status status-${call.status}`}>{call.status}</span>
      </h2>
      <p class="muted" title={atCallOffset(call.recorded_at, call.recorded_utc_offset_minutes)}>
        {formatDate(call.recorded_at)} · {call.agent.name ?? call.agent.email}
        {call.failure_reason ? ` · ${call.failure_reason}` : ''}
        {call.batch_id && (
          <>
            {' · '}
            <a href={`#/batches/${encodeURIComponent(call.batch_id)}`}>its batch</a>
          </>
        )}
      </p>
      {call.links.recording && (
        <audio
          ref={player}
          controls
          preload="metadata"
          src={`/api/v1/calls/${encodeURIComponent(call.call_id)}/recording`}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          data-testid="player"
        />
      )}
      <div class="columns">
        <section aria-labelledby="transcript-heading">
          <h3 id="transcript-heading">Transcript</h3>
          {call.transcript ? (
            <ol class="transcript">
              {call.transcript.segments.map((segment) => (
                <li class={position >= segment.start && position < segment.end ? 'playing' : ''}>
                  <button type="button" class="line" onClick={() => seek(segment.start)}>
                    <span class="speaker">{segment.speaker}</span>{' '}
                    <span class="muted">{formatSeconds(segment.start)}</span> <span class="text">{segment.text}</span>
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p class="muted">No transcript yet.</p>
          )}
        </section>
        <div>
          <section aria-labelledby="summary-heading">
            <h3 id="summary-heading">Summary</h3>
            <p>{call.summary?.text ?? 'No summary yet.'}</p>
          </section>
          {scorecard && (
            <section aria-labelledby="scorecard-heading">
              <h3 id="scorecard-heading">
                {scorecard.template.name}: {scorecard.total.percentage} %
              </h3>
              <ul class="criteria">
                {scorecard.criteria.map((criterion) => (
                  <li>
                    <strong>
                      {criterion.passed === false ? '✗' : '✓'} {criterion.label}
                    </strong>{' '}
                    ({criterion.score}/{criterion.max_score}) {criterion.evidence.map(quote)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {call.extractions.map((extraction) => (
            <section aria-label={`Extracted: ${extraction.dataset}`}>
              <h3>Extracted: {extraction.dataset}</h3>
              <dl class="fields">
                {Object.entries(extraction.data)
                  .filter(([, value]) => value !== null && value !== '')
                  .map(([name, value]) => (
                    <>
                      <dt>{name}</dt>
                      <dd>
                        {typeof value === 'object' ? JSON.stringify(value) : String(value)}{' '}
                        {(extraction.evidence[name] ?? []).map(quote)}
                      </dd>
                    </>
                  ))}
              </dl>
              {extraction.missing_required.length > 0 && (
                <p class="muted">Not said in the call: {extraction.missing_required.join(', ')}</p>
              )}
            </section>
          ))}
          {call.tasks.length > 0 && (
            <section aria-labelledby="tasks-heading">
              <h3 id="tasks-heading">Tasks</h3>
              <ul>
                {call.tasks.map((task) => (
                  <li>
                    {task.text} {task.due_date ? `(due ${task.due_date})` : ''} {task.crm_id ? '· in the CRM' : ''}{' '}
                    {task.evidence.map(quote)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {call.appointments.length > 0 && (
            <section aria-labelledby="appointments-heading">
              <h3 id="appointments-heading">Appointments</h3>
              <ul>
                {call.appointments.map((appointment) => (
                  <li>
                    {appointment.title}, <span title={appointment.start}>{formatDate(appointment.start)}</span>{' '}
                    {appointment.calendar.uid ? '· in the calendar' : '· not in a calendar'}{' '}
                    {appointment.evidence.map(quote)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="stages-heading">
            <h3 id="stages-heading">Stages</h3>
            {call.links.workflow && (
              <p>
                <a href={call.links.workflow} target="_blank" rel="noopener noreferrer">
                  The workflow in the Temporal UI
                </a>
              </p>
            )}
            <ul class="stages">
              {Object.entries(call.stages).map(([name, stage]) => (
                <li>
                  {name}: <span class={`status status-${stage.status}`}>{stage.status}</span>
                  {stage.reason ? <span class="muted"> ({stage.reason})</span> : null}
                </li>
              ))}
            </ul>
            {call.links.mismo && (
              <a href={`/api/v1/calls/${encodeURIComponent(call.call_id)}/mismo`}>Download MISMO 3.4 XML</a>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}
