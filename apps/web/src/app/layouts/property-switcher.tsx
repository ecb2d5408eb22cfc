import { lazy, Suspense } from 'react';
import { useSessionState } from '../../lib/session-store.ts';
import { CurrentProperty } from './current-property.tsx';

// The menu's code (and the menu library's positioning) follows the first screen; until it arrives
// the sidebar shows the current property as the menu button will.
const PropertyMenu = lazy(async () => ({ default: (await import('./property-menu.tsx')).PropertyMenu }));

/** The current property; choosing another one switches the session and reloads everything. */
export function PropertySwitcher() {
  const property = useSessionState((state) => state.property);
  return (
    <Suspense
      fallback={
        <div className="flex w-full items-center gap-3 p-2">
          <CurrentProperty property={property} />
        </div>
      }
    >
      <PropertyMenu />
    </Suspense>
  );
}
