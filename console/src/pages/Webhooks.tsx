import { useEffect, useState } from 'preact/hooks';
import { api, apiData, errorText } from '../api';
import { ErrorMessage, ListState, ShownOnce } from '../components';
import { formatDate } from '../format';
import { can, useSession } from '../session';

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
}
interface Attempt {
  attempt: number;
  at: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}
interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  last_status_code: number | null;
  failure_reason: string | null;
  retry_of: string | null;
  created_at: string;
  attempts?: Attempt[];
}

/** The event names the API takes, read from its own OpenAPI document (one list, the server's). */
async function eventNames(): Promise<string[]> {
  const document = await fetch('/api/v1/openapi.json').then((response) => response.json());
  const schema = document.paths['/organizations/{orgId}/webhooks'].post.requestBody.content['application/json'].schema;
  return (schema.properties.events.items.enum as string[]).filter((name) => name !== 'test.ping');
}

/** Settings > Connections > Webhooks: register (secret shown once), test.ping, deliveries and their attempts, retry, rotate, disable. */
export function Webhooks() {
  const { session } = useSession();
  const base = `/organizations/${session.user.organization_id}/webhooks`;
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null);
  const [events, setEvents] = useState<string[]>([]);
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['call.completed']);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  /** Bumped after a test is sent, so an open delivery log reads itself again. */
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const allowed = can(session, 'webhooks:manage');

  const load = () =>
    apiData<Endpoint[]>('GET', base)
      .then(setEndpoints)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the webhooks')));
  useEffect(() => {
    if (!allowed) return;
    void load();
    void eventNames().then(setEvents);
  }, [base]);

  if (!allowed) {
    return (
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p class="muted">Your role ({session.user.role}) cannot manage webhooks.</p>
      </section>
    );
  }

  async function register(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      const made = await apiData<Endpoint & { secret: string }>('POST', base, { url, events: chosen });
      setSecret({ label: `Signing secret of ${made.url}`, value: made.secret });
      setUrl('');
      await load();
    } catch (failure) {
      setError(errorText(failure, 'Could not register the endpoint'));
    }
  }

  async function act(work: () => Promise<unknown>, fallback: string) {
    setError(null);
    try {
      await work();
      await load();
    } catch (failure) {
      setError(errorText(failure, fallback));
    }
  }

  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <form onSubmit={register} class="stacked">
        <label>
          Endpoint URL (HTTPS)
          <input
            type="url"
            required
            placeholder="https://example.com/hooks/calls"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </label>
        <fieldset>
          <legend>Events</legend>
          {events.map((name) => (
            <label class="check">
              <input
                type="checkbox"
                checked={chosen.includes(name)}
                onChange={(e) =>
                  setChosen(e.currentTarget.checked ? [...chosen, name] : chosen.filter((each) => each !== name))
                }
              />{' '}
              {name}
            </label>
          ))}
        </fieldset>
        <button type="submit">Register endpoint</button>
      </form>
      {secret && (
        <ShownOnce
          intro={`${secret.label}, shown only now: store it where your receiver can read it.`}
          value={secret.value}
          testId="webhook-secret"
          onDone={() => setSecret(null)}
        />
      )}
      <ErrorMessage error={error} />
      <ListState items={endpoints} empty="No endpoints yet.">
        <ul class="endpoints">
          {endpoints?.map((endpoint) => (
            <li key={endpoint.id} data-endpoint-url={endpoint.url}>
              <p>
                <strong>{endpoint.url}</strong>{' '}
                <span class={`status status-${endpoint.enabled ? 'completed' : 'failed'}`}>
                  {endpoint.enabled ? 'enabled' : 'disabled'}
                </span>{' '}
                <span class="muted">{endpoint.events.join(', ')}</span>
                {endpoint.disabled_reason && <span class="muted"> ({endpoint.disabled_reason})</span>}
              </p>
              <div class="actions">
                <button
                  type="button"
                  onClick={() =>
                    void act(
                      () =>
                        api('POST', `${base}/${endpoint.id}/test`).then(() => {
                          setOpen(endpoint.id);
                          setSent(sent + 1);
                        }),
                      'The test could not be sent',
                    )
                  }
                >
                  Send test
                </button>
                <button type="button" onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                  {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      const rotated = await apiData<{ secret: string }>('POST', `${base}/${endpoint.id}/rotate-secret`);
                      setSecret({ label: `New signing secret of ${endpoint.url}`, value: rotated.secret });
                    }, 'Could not rotate the secret')
                  }
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void act(
                      () => api('PATCH', `${base}/${endpoint.id}`, { enabled: !endpoint.enabled }),
                      'Could not change the endpoint',
                    )
                  }
                >
                  {endpoint.enabled ? 'Disable' : 'Enable'}
                </button>
              </div>
              {open === endpoint.id && <Deliveries base={`${base}/${endpoint.id}`} sent={sent} />}
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

/** An endpoint's delivery log, newest first, with a status filter, each delivery's attempts, and Retry. */
function Deliveries({ base, sent }: { base: string; sent: number }) {
  const [status, setStatus] = useState('');
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [shown, setShown] = useState<Delivery | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    apiData<Delivery[]>('GET', `${base}/deliveries${status ? `?status=${status}` : ''}`)
      .then(setDeliveries)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the deliveries')));
  useEffect(() => {
    void load();
  }, [base, status, sent]);
  useEffect(() => {
    if (!deliveries?.some((delivery) => delivery.status === 'pending')) return;
    const timer = window.setTimeout(() => void load(), 2000);
    return () => window.clearTimeout(timer);
  }, [deliveries]);

  return (
    <div class="deliveries">
      <label>
        Show
        <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          <option value="">all deliveries</option>
          <option value="failed">failed</option>
          <option value="succeeded">succeeded</option>
          <option value="pending">pending</option>
        </select>
      </label>
      <ErrorMessage error={error} />
      <ListState items={deliveries} empty="No deliveries.">
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Created</th>
              <th scope="col">Attempts</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries?.map((delivery) => (
              <tr key={delivery.id} data-delivery-id={delivery.id}>
                <td>{delivery.event_type}</td>
                <td title={delivery.created_at}>{formatDate(delivery.created_at)}</td>
                <td>
                  <button
                    type="button"
                    class="link"
                    onClick={() => void apiData<Delivery>('GET', `${base}/deliveries/${delivery.id}`).then(setShown)}
                  >
                    {delivery.attempt_count}{' '}
                    {delivery.last_status_code !== null ? `(HTTP ${delivery.last_status_code})` : ''}
                  </button>
                </td>
                <td>
                  <span
                    class={`status status-${delivery.status === 'succeeded' ? 'completed' : delivery.status}`}
                    data-testid="delivery-status"
                  >
                    {delivery.status}
                  </span>
                  {delivery.retry_of && <span class="muted"> retry</span>}
                </td>
                <td>
                  {delivery.status === 'failed' && (
                    <button
                      type="button"
                      onClick={() =>
                        void api('POST', `${base}/deliveries/${delivery.id}/retry`)
                          .then(load)
                          .catch((failure: unknown) => setError(errorText(failure, 'Could not retry')))
                      }
                    >
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {shown?.attempts && (
        <section aria-label="Attempts of the delivery">
          <h4>Attempts of {shown.event_type}</h4>
          <ol>
            {shown.attempts.map((attempt) => (
              <li>
                {formatDate(attempt.at)}: {attempt.status_code === null ? attempt.error : `HTTP ${attempt.status_code}`}{' '}
                in {attempt.latency_ms} ms
                {attempt.response_excerpt && <pre class="excerpt">{attempt.response_excerpt}</pre>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
