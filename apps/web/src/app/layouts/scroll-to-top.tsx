import { useEffect } from 'react';
import { useLocation } from 'react-router';

const scrollResetDelayMs = 250;

/** Scrolls back to the top 250 ms after the route changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), scrollResetDelayMs);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
