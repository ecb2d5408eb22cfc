// The portal's three screens need no router library: the path is read from the location and links
// push a new entry.
import { useEffect, useState } from 'react';

export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

/** The location's path, kept up to date; `initial` where there is no location yet (on the server). */
export function useLocationPath(initial?: string): string {
  const [path, setPath] = useState(() => initial ?? window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    // A link followed before this listener (the first tap on a page the server wrote takes the page over
    // and follows the link at once) has already changed the location.
    update();
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}
