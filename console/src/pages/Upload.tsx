import { useState } from 'preact/hooks';
import { errorText, uploadWithProgress } from '../api';
import { ErrorMessage } from '../components';
import { useSession } from '../session';

interface Sending {
  name: string;
  fraction: number;
  outcome: string | null;
}

/**
 * Recordings dropped here (or chosen) are uploaded one after another to POST /calls/upload, each
 * with its progress; the call then appears in the list below and follows its status.
 */
export function Upload({ onUploaded }: { onUploaded(): void }) {
  const { session } = useSession();
  const [agentName, setAgentName] = useState(session.user.name);
  const [agentEmail, setAgentEmail] = useState(session.user.email);
  const [contactPhone, setContactPhone] = useState('');
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(files: File[]) {
    setError(null);
    const queue = files.map((file) => ({ name: file.name, fraction: 0, outcome: null as string | null }));
    setSending(queue);
    for (const [index, file] of files.entries()) {
      const form = new FormData();
      form.set('agent_name', agentName);
      form.set('agent_email', agentEmail);
      form.set('recorded_at', new Date(file.lastModified || Date.now()).toISOString());
      if (contactPhone) form.set('contact_phone', contactPhone);
      form.set('file', file);
      const update = (change: Partial<Sending>) =>
        setSending((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));
      try {
        await uploadWithProgress('/calls/upload', form, (fraction) => update({ fraction }));
        update({ fraction: 1, outcome: 'queued' });
        onUploaded();
      } catch (failure) {
        update({ outcome: 'failed' });
        setError(`${file.name}: ${errorText(failure, 'the upload failed')}`);
      }
    }
  }

  return (
    <section aria-labelledby="upload-heading" class="upload">
      <h3 id="upload-heading">Upload recordings</h3>
      <div class="inline">
        <label>
          Agent name
          <input required value={agentName} onInput={(e) => setAgentName(e.currentTarget.value)} />
        </label>
        <label>
          Agent e-mail
          <input type="email" required value={agentEmail} onInput={(e) => setAgentEmail(e.currentTarget.value)} />
        </label>
        <label>
          Customer phone (E.164, optional)
          <input
            type="tel"
            placeholder="+14155550123"
            value={contactPhone}
            onInput={(e) => setContactPhone(e.currentTarget.value)}
          />
        </label>
      </div>
      <label
        class={`dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void send([...(event.dataTransfer?.files ?? [])]);
        }}
      >
        Drop audio files here, or choose them
        <input
          type="file"
          accept="audio/*,video/*"
          multiple
          onChange={(event) => void send([...(event.currentTarget.files ?? [])])}
        />
      </label>
      <ErrorMessage error={error} />
      {sending.length > 0 && (
        <ul class="sending">
          {sending.map((item) => (
            <li>
              {item.name} <progress max={1} value={item.fraction} aria-label={`Upload of ${item.name}`} />{' '}
              <span class="muted" data-testid="upload-outcome">
                {item.outcome ?? `${Math.round(item.fraction * 100)} %`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
