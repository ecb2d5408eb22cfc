import { Navigate } from 'react-router';
import { useCurrentUser } from '../lib/session-store.ts';
import { homePathFor } from './home-path.ts';

/** Main (/): on to the start page of the user's role. */
export function HomeRedirect() {
  const user = useCurrentUser();
  return <Navigate to={homePathFor(user.role)} replace />;
}
