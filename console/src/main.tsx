import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, apiData, setCsrfToken } from './api';
import { navigate, useRoute } from './router';
import { can, SessionContext, type SessionState } from './session';
import { AcceptInvitation } from './pages/AcceptInvitation';
import { ApiKeys } from './pages/ApiKeys';
import { CallDetail } from './pages/CallDetail';
import { Calls } from './pages/Calls';
import { SignIn } from './pages/SignIn';
import { Webhooks } from './pages/Webhooks';
import { Integrations } from './pages/Integrations';
import { Batch } from './pages/Batch';
import { Contacts } from './pages/Contacts';
import { ContactDetail } from './pages/ContactDetail';
import { Team } from './pages/Team';
import { Privacy } from './pages/Privacy';

function App() {
  const route = useRoute();
  const [session, setSession] = useState<SessionState | null | undefined>(undefined);

  useEffect(() => {
    apiData<SessionState>('GET', '/auth/session')
      .then(adopt)
      .catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 401) setSession(null);
        else setSession(null);
      });
  }, []);

  function adopt(next: SessionState | null) {
    setCsrfToken(next?.csrf_token ?? null);
    setSession(next);
  }

  async function signOut(everywhere: boolean) {
    await apiData('DELETE', everywhere ? '/auth/sessions' : '/auth/session').catch(() => undefined);
    adopt(null);
    navigate('/sign-in');
  }

  if (route.path === '/accept') return <AcceptInvitation token={route.params.get('token') ?? ''} />;
  if (session === undefined) return <p class="muted">Loading…</p>;
  if (session === null) {
    return (
      <SignIn
        onSignedIn={(next) => {
          adopt(next);
          navigate('/calls');
        }}
      />
    );
  }

  const callMatch = /^\/calls\/(.+)$/.exec(route.path);
  const contactMatch = /^\/contacts\/(.+)$/.exec(route.path);
  const batchMatch = /^\/batches\/(.+)$/.exec(route.path);
  return (
    <SessionContext.Provider value={{ session, signOut }}>
      <header>
        <nav aria-label="Main">
          <a href="#/calls" aria-current={route.path.startsWith('/calls') ? 'page' : undefined}>
            Calls
          </a>
          {can(session, 'contacts:read') && (
            <a href="#/contacts" aria-current={route.path.startsWith('/contacts') ? 'page' : undefined}>
              Contacts
            </a>
          )}
          {can(session, 'analytics:read') && (
            <a href="#/team" aria-current={route.path === '/team' ? 'page' : undefined}>
              Team
            </a>
          )}
          <a href="#/settings/connections" aria-current={route.path.startsWith('/settings') ? 'page' : undefined}>
            Settings
          </a>
        </nav>
        <div class="who">
          <span>
            {session.user.name} ({session.user.role})
          </span>
          <button type="button" onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button type="button" class="link" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <main>
        {route.path === '/settings/connections' ? (
          <>
            <SettingsNav current="connections" />
            <h1>Settings › Connections</h1>
            <ApiKeys />
            <Webhooks />
            <Integrations />
          </>
        ) : route.path === '/settings/privacy' ? (
          <>
            <SettingsNav current="privacy" />
            <h1>Settings › Privacy</h1>
            <Privacy />
          </>
        ) : batchMatch ? (
          <Batch batchId={decodeURIComponent(batchMatch[1]!)} />
        ) : contactMatch ? (
          <ContactDetail contactId={decodeURIComponent(contactMatch[1]!)} />
        ) : route.path === '/contacts' ? (
          <Contacts />
        ) : route.path === '/team' ? (
          <Team />
        ) : callMatch ? (
          <CallDetail callId={decodeURIComponent(callMatch[1]!)} />
        ) : (
          <Calls />
        )}
      </main>
    </SessionContext.Provider>
  );
}

function SettingsNav({ current }: { current: 'connections' | 'privacy' }) {
  return (
    <nav aria-label="Settings" class="subnav">
      <a href="#/settings/connections" aria-current={current === 'connections' ? 'page' : undefined}>
        Connections
      </a>
      <a href="#/settings/privacy" aria-current={current === 'privacy' ? 'page' : undefined}>
        Privacy
      </a>
    </nav>
  );
}

/**
 * Under `npm run dev` each rebuild writes /app/assets/build.json: reload when it changes. A
 * production build has none (404), and then nothing is polled.
 */
async function reloadOnRebuild(): Promise<void> {
  const stamp = async () => {
    const response = await fetch('/app/assets/build.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as { built_at: string }).built_at : null;
  };
  const first = await stamp().catch(() => null);
  if (!first) return;
  window.setInterval(() => {
    void stamp()
      .then((now) => {
        if (now && now !== first) window.location.reload();
      })
      .catch(() => undefined);
  }, 1500);
}

render(<App />, document.getElementById('root')!);
void reloadOnRebuild();
