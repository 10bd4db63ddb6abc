import { useState } from 'preact/hooks';
import { apiData, errorText } from '../api';
import { navigate } from '../router';

/** The invitation link's page: choose a password (12 characters or more), then sign in. */
export function AcceptInvitation({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    if (password !== repeated) return setError('The two passwords differ');
    setError(null);
    try {
      const user = await apiData<{ email: string }>('POST', '/auth/invitations/accept', { token, password });
      setDone(user.email);
    } catch (failure) {
      setError(errorText(failure, 'Could not reach the server'));
    }
  }

  if (done) {
    return (
      <main class="narrow">
        <h1>Password set</h1>
        <p>
          You can now sign in as <strong>{done}</strong>.
        </p>
        <button type="button" onClick={() => navigate('/sign-in')}>
          Go to sign in
        </button>
      </main>
    );
  }
  return (
    <main class="narrow">
      <h1>Choose your password</h1>
      <form onSubmit={submit}>
        <label>
          New password (12 characters or more)
          <input
            type="password"
            autocomplete="new-password"
            minLength={12}
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <label>
          Repeat it
          <input
            type="password"
            autocomplete="new-password"
            required
            value={repeated}
            onInput={(e) => setRepeated(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">Set password</button>
      </form>
    </main>
  );
}
