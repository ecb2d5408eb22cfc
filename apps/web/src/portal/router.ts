// The portal's three screens need no router library: the path is read from the location and links
// push a new entry.
import { useEffect, useState } from 'react';

export type TRoute = { linkId: string; screen: 'home' | 'checkIn' | 'invoices' | 'unknown' };

export function parseRoute(pathname: string): TRoute {
  const match = /^\/portal\/([^/]+)(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match) return { linkId: '', screen: 'unknown' };
  const linkId = decodeURIComponent(match[1]!);
  const child = match[2] ?? '';
  const screen =
    child === '' ? 'home' : child === 'check-in' ? 'checkIn' : child === 'invoices' ? 'invoices' : 'unknown';
  return { linkId, screen };
}

export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

export function useLocationPath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}
