import { useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import type { SessionState } from '../session';

/** E-mail and password → a session (the cookie is set by the API; the CSRF token comes back here). */
export function SignIn({ onSignedIn }: { onSignedIn(session: SessionState): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await apiData<SessionState>('POST', '/auth/sessions', { email, password }));
    } catch (failure) {
      setError(errorText(failure, 'Could not reach the server'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="narrow">
      <h1>Sign in</h1>
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <label>
          E-mail
          <input
            type="email"
            autocomplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
