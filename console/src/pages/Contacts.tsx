import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorMessage, ListState } from '../components';
import { formatDate, formatSeconds } from '../format';

interface Contact {
  contact_id: string;
  name: string | null;
  phones: string[];
  emails: string[];
  metrics: { call_count: number; total_duration_seconds: number; last_call_at: string | null; agents: string[] };
}

/** Contacts: who called or was called, how often and how long, with a link to their calls. */
export function Contacts() {
  const [contacts, setContacts] = useState<Contact[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const page = (after: string | null) =>
    api<{ data: Contact[]; pagination: { next_cursor: string | null } }>(
      'GET',
      `/contacts?limit=25${after ? `&cursor=${encodeURIComponent(after)}` : ''}`,
    );
  useEffect(() => {
    page(null)
      .then((first) => {
        setContacts(first.data);
        setCursor(first.pagination.next_cursor);
      })
      .catch((failure: unknown) => setError(errorText(failure, 'Could not load the contacts')));
  }, []);

  return (
    <section aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">Contacts</h2>
      <ErrorMessage error={error} />
      <ListState items={contacts} empty="No contacts yet: they are made from processed calls.">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Phone / e-mail</th>
              <th scope="col">Calls</th>
              <th scope="col">Talk time</th>
              <th scope="col">Last call</th>
            </tr>
          </thead>
          <tbody>
            {contacts?.map((contact) => (
              <tr key={contact.contact_id}>
                <td>
                  <a href={`#/contacts/${encodeURIComponent(contact.contact_id)}`}>{contact.name ?? 'unnamed'}</a>
                </td>
                <td>{[...contact.phones, ...contact.emails].join(', ')}</td>
                <td>{contact.metrics.call_count}</td>
                <td>{formatSeconds(contact.metrics.total_duration_seconds)}</td>
                <td title={contact.metrics.last_call_at ?? ''}>{formatDate(contact.metrics.last_call_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {cursor && (
        <button
          type="button"
          onClick={() =>
            void page(cursor).then((next) => {
              setContacts([...(contacts ?? []), ...next.data]);
              setCursor(next.pagination.next_cursor);
            })
          }
        >
          Load more
        </button>
      )}
    </section>
  );
}
