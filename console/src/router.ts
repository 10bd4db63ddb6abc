import { useEffect, useState } from 'preact/hooks';

/** Hash routes (`#/calls/…`): the server serves one page, and an invitation token in the hash never reaches a log. */
export interface Route {
  path: string;
  params: URLSearchParams;
}

function current(): Route {
  const hash = window.location.hash.replace(/^#/, '') || '/calls';
  const [path, query] = hash.split('?');
  return { path: path || '/calls', params: new URLSearchParams(query ?? '') };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const onChange = () => setRoute(current());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** Only paths inside the console: a `next` that points elsewhere is ignored (no open redirect). */
export function navigate(path: string): void {
  window.location.hash = path.startsWith('/') && !path.startsWith('//') ? path : '/calls';
}
