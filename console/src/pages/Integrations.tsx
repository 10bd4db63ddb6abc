import { useEffect, useState } from 'preact/hooks';
import { api, apiData, errorText } from '../api';
import { ErrorMessage, ListState, ShownOnce } from '../components';
import { can, useSession } from '../session';

interface Connection {
  id: string;
  type: 'hubspot' | 'caldav';
  config: Record<string, string>;
  created_at: string;
}
interface DialerSettings {
  webhook_url: string;
  signatures_required: boolean;
}

const TYPE_NAMES = { hubspot: 'CRM (HubSpot)', caldav: 'Calendar (CalDAV)' } as const;

/**
 * Settings > Connections > CRM and calendar (add, test, remove; credentials never come back) and
 * the dialer webhook (its URL, and a signing secret shown once).
 */
export function Integrations() {
  const { session } = useSession();
  const orgId = session.user.organization_id;
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [dialer, setDialer] = useState<DialerSettings | null>(null);
  const [type, setType] = useState<'hubspot' | 'caldav'>('hubspot');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [tested, setTested] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = can(session, 'connections:manage');

  const load = () =>
    Promise.all([
      apiData<Connection[]>('GET', `/organizations/${orgId}/connections`).then(setConnections),
      apiData<DialerSettings>('GET', `/organizations/${orgId}/dialer`).then(setDialer),
    ]).catch((failure: unknown) => setError(errorText(failure, 'Could not load the connections')));
  useEffect(() => {
    if (allowed) void load();
  }, [orgId]);

  if (!allowed) {
    return (
      <section aria-labelledby="integrations-heading">
        <h2 id="integrations-heading">CRM, calendar and dialer</h2>
        <p class="muted">Your role ({session.user.role}) cannot manage connections.</p>
      </section>
    );
  }

  const field = (name: string, label: string, kind = 'text', required = true) => (
    <label>
      {label}
      <input
        type={kind}
        required={required}
        autocomplete={kind === 'password' ? 'new-password' : 'off'}
        value={fields[name] ?? ''}
        onInput={(e) => setFields({ ...fields, [name]: e.currentTarget.value })}
      />
    </label>
  );

  async function connect(event: Event) {
    event.preventDefault();
    setError(null);
    const config = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
    try {
      await api('POST', `/organizations/${orgId}/connections`, { type, config });
      setFields({});
      await load();
    } catch (failure) {
      setError(errorText(failure, 'Could not connect'));
    }
  }

  async function test(connection: Connection) {
    setTested({ ...tested, [connection.id]: 'testing…' });
    try {
      const result = await apiData<{ ok: boolean; error: string | null }>(
        'POST',
        `/organizations/${orgId}/connections/${connection.id}/test`,
      );
      setTested({
        ...tested,
        [connection.id]: result.ok ? 'The service accepted the credentials' : `Refused: ${result.error}`,
      });
    } catch (failure) {
      setTested({ ...tested, [connection.id]: errorText(failure, 'The test could not run') });
    }
  }

  async function remove(connection: Connection) {
    if (!window.confirm(`Disconnect ${TYPE_NAMES[connection.type]}?`)) return;
    await api('DELETE', `/organizations/${orgId}/connections/${connection.id}`)
      .then(load)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not disconnect')));
  }

  async function newDialerSecret() {
    if (dialer?.signatures_required && !window.confirm('The current secret stops working now. Continue?')) return;
    await apiData<DialerSettings & { secret: string }>('POST', `/organizations/${orgId}/dialer/secret`)
      .then((made) => {
        setSecret(made.secret);
        return load();
      })
      .catch((failure: unknown) => setError(errorText(failure, 'Could not set the secret')));
  }

  return (
    <section aria-labelledby="integrations-heading">
      <h2 id="integrations-heading">CRM, calendar and dialer</h2>
      <ErrorMessage error={error} />
      <ListState items={connections} empty="No CRM or calendar is connected: tasks and appointments stay here.">
        <ul class="endpoints">
          {connections?.map((connection) => (
            <li key={connection.id} data-connection-type={connection.type}>
              <p>
                <strong>{TYPE_NAMES[connection.type]}</strong>{' '}
                <span class="muted">
                  {Object.entries(connection.config)
                    .map(([name, value]) => `${name}: ${value}`)
                    .join(' · ')}
                </span>
              </p>
              <div class="actions">
                <button type="button" onClick={() => void test(connection)}>
                  Test
                </button>
                <button type="button" class="danger" onClick={() => void remove(connection)}>
                  Disconnect
                </button>
                {tested[connection.id] && (
                  <span role="status" data-testid="connection-test">
                    {tested[connection.id]}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <form onSubmit={connect} class="stacked">
        <label>
          Connect
          <select
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value as 'hubspot' | 'caldav');
              setFields({});
            }}
          >
            <option value="hubspot">{TYPE_NAMES.hubspot}</option>
            <option value="caldav">{TYPE_NAMES.caldav}</option>
          </select>
        </label>
        {type === 'hubspot' ? (
          <>
            {field('access_token', 'Private app access token', 'password')}
            {field('base_url', 'API base URL (optional)', 'url', false)}
          </>
        ) : (
          <>
            {field('url', 'Server URL', 'url')}
            {field('username', 'Username')}
            {field('password', 'Password', 'password')}
            {field('calendar', 'Calendar path (e.g. /alice/sales/)')}
          </>
        )}
        <button type="submit">Connect</button>
      </form>

      <h3>Dialer webhook</h3>
      {dialer && (
        <>
          <p>
            Dialers post calls to <code data-testid="dialer-url">{dialer.webhook_url}</code> with an API key.{' '}
            {dialer.signatures_required
              ? 'Each call must be signed (X-Service-Signature) with the secret.'
              : 'Calls are not signed yet: set a secret to require signatures.'}
          </p>
          <button type="button" onClick={() => void newDialerSecret()}>
            {dialer.signatures_required ? 'Replace the signing secret' : 'Set a signing secret'}
          </button>
        </>
      )}
      {secret && (
        <ShownOnce
          intro="The dialer's signing secret, shown only now: put it in the dialer's webhook settings."
          value={secret}
          testId="dialer-secret"
          onDone={() => setSecret(null)}
        />
      )}
    </section>
  );
}
