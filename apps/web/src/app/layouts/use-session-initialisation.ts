import { useEffect } from 'react';
import { useSession } from '../../features/session/api/get-session.ts';
import { useSessionProperties } from '../../features/session/api/get-session-properties.ts';
import { sessionStore } from '../../lib/session-store.ts';

/**
 * Initialisation of a signed-in app: loads the user and the property list into the session
 * state; setting the current property applies its branding (see session-effects.ts).
 */
export function useSessionInitialisation(): void {
  const session = useSession();
  const properties = useSessionProperties();

  useEffect(() => {
    if (session.data) sessionStore.setUser(session.data);
  }, [session.data]);

  useEffect(() => {
    if (properties.data) sessionStore.setProperties(properties.data);
  }, [properties.data]);
}
