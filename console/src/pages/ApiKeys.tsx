import { useEffect, useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import { ErrorMessage, ListState, ShownOnce } from '../components';
import { formatDate } from '../format';
import { can, useSession } from '../session';

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Settings > Connections > API Keys: generate (the full key shown once), list, revoke at once. */
export function ApiKeys() {
  const { session } = useSession();
  const orgId = session.user.organization_id;
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    apiData<ApiKey[]>('GET', `/organizations/${orgId}/api-keys`)
      .then(setKeys)
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the keys')));
  useEffect(() => {
    if (can(session, 'keys:manage')) void load();
  }, [orgId]);

  if (!can(session, 'keys:manage')) {
    return (
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">API Keys</h2>
        <p class="muted">Your role ({session.user.role}) cannot manage API keys. Ask an owner or admin.</p>
      </section>
    );
  }

  async function generate(event: Event) {
    event.preventDefault();
    setError(null);
    try {
      const made = await apiData<ApiKey & { key: string }>('POST', `/organizations/${orgId}/api-keys`, { name });
      setCreated({ name: made.name, key: made.key });
      setName('');
      await load();
    } catch (failure) {
      setError(errorText(failure, 'Could not create the key'));
    }
  }

  async function revoke(key: ApiKey) {
    if (!window.confirm(`Revoke "${key.name}"? Requests with it are refused from now on.`)) return;
    try {
      await apiData('DELETE', `/organizations/${orgId}/api-keys/${key.id}`);
      await load();
    } catch (failure) {
      setError(errorText(failure, 'Could not revoke the key'));
    }
  }

  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API Keys</h2>
      <form class="inline" onSubmit={generate}>
        <label>
          Key name
          <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">Generate API Key</button>
      </form>
      {created && (
        <ShownOnce
          intro={
            <>
              The key <strong>{created.name}</strong> is shown only now: copy it and keep it safe.
            </>
          }
          value={created.key}
          testId="new-key"
          onDone={() => setCreated(null)}
        />
      )}
      <ErrorMessage error={error} />
      <ListState items={keys} empty="No API keys yet.">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Acts as</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys?.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.created_by === session.user.id ? 'you' : key.created_by}</td>
                <td title={key.created_at}>{formatDate(key.created_at)}</td>
                <td title={key.last_used_at ?? ''}>{formatDate(key.last_used_at)}</td>
                <td>
                  {key.revoked_at ? (
                    <span class="muted">Revoked {formatDate(key.revoked_at)}</span>
                  ) : (
                    <button type="button" class="danger" onClick={() => void revoke(key)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </section>
  );
}
