import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/** A failure, announced to screen readers. */
export function ErrorMessage({ error }: { error: string | null }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A list's three states: loading, empty (with its own words), or its content. */
export function ListState<T>({
  items,
  empty,
  children,
}: {
  items: T[] | null;
  empty: string;
  children: ComponentChildren;
}) {
  if (items === null) return <p class="muted">Loading…</p>;
  if (items.length === 0) return <p class="muted">{empty}</p>;
  return <>{children}</>;
}

/** A secret the API shows only once (an API key, a signing secret): Copy, then Done hides it for good. */
export function ShownOnce({
  intro,
  value,
  testId,
  onDone,
}: {
  intro: ComponentChildren;
  value: string;
  testId: string;
  onDone(): void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="notice" role="status">
      <p>{intro}</p>
      <code data-testid={testId}>{value}</code>{' '}
      <button type="button" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy'}
      </button>{' '}
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
