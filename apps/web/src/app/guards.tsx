import { useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { can, type TAccess, type TArea } from '@pms/contract/permissions';
import { endFirstScreen } from '../lib/first-screen.ts';
import { useSessionState } from '../lib/session-store.ts';
import { ForbiddenState } from '../ui/forbidden-state.tsx';
import { loginPath, profilePath, safeRedirect } from './redirect.ts';

/** Authenticated screens: without a user, to login with the wanted path (unless that was main). */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useSessionState((state) => state.user);
  const endReason = useSessionState((state) => state.endReason);
  const location = useLocation();
  if (!user) {
    const wanted = `${location.pathname}${location.search}`;
    const isPlainLogin = endReason === 'logout' || location.pathname === '/';
    const search = isPlainLogin ? '' : `?${new URLSearchParams({ redirect: wanted }).toString()}`;
    return <Navigate to={`${loginPath}${search}`} replace />;
  }
  if (user.mustChangePassword && location.pathname !== profilePath)
    return <Navigate to={profilePath} replace />;
  return children;
}

/** The login screen: a signed-in user goes on to the redirect target, or to main. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const user = useSessionState((state) => state.user);
  const [searchParams] = useSearchParams();
  if (user) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return children;
}

/** A screen of an area the user's role may not use explains that instead of failing. */
export function RequireAccess({
  area,
  access = 'read',
  children,
}: {
  area: TArea;
  access?: TAccess;
  children: ReactNode;
}) {
  const role = useSessionState((state) => state.user?.role);
  const isAllowed = Boolean(role && can(role, area, access));
  // A written first screen of a screen the app refuses gives way to the refusal.
  useLayoutEffect(() => {
    if (!isAllowed) endFirstScreen();
  }, [isAllowed]);
  if (!isAllowed) return <ForbiddenState />;
  return children;
}
