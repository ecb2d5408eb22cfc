// The portal's state (spec section 3): property, booking, metadata and general settings, fetched in
// parallel on load, then branding applied. Screens reload parts of it after their changes.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { TAccessPoint } from '@pms/contract/doors';
import type {
  TPortalBooking,
  TPortalBookingMetadata,
  TPortalGeneralSettings,
  TPortalProperty,
} from '@pms/contract/portal';
import type { TPortalHomeData } from '@pms/contract/portal-page';
import { getBooking, getBookingMetadata, getGeneralSettings, getProperty } from './api/booking.ts';
import { selectLink, type PortalError } from './api/client.ts';
import { applyBranding } from './format.ts';

export type TPortalState = {
  linkId: string;
  property: TPortalProperty;
  booking: TPortalBooking;
  metadata: TPortalBookingMetadata;
  settings: TPortalGeneralSettings;
  isExpired: boolean;
  /** Whether the check-in window (and the door) has opened when the state was read. */
  isCheckInOpen: boolean;
  isCheckedIn: boolean;
  /** After check-out the portal only shows: the registration is kept as it was. */
  isCheckedOut: boolean;
  /** The doors as the server wrote them into the page, until the home reads them itself. */
  accessPoints: TAccessPoint[] | null;
};

type TLoad =
  | { kind: 'loading' }
  | { kind: 'error'; error: PortalError | Error }
  | { kind: 'ready'; state: TPortalState };

type TPortalReads = [TPortalProperty, TPortalBooking, TPortalBookingMetadata, TPortalGeneralSettings];

function readAll(): Promise<TPortalReads> {
  return Promise.all([getProperty(), getBooking(), getBookingMetadata(), getGeneralSettings()]);
}

/** The first load's calls, started by the entry before the first render (see startPortalLoad). */
let started: { linkId: string; reads: Promise<TPortalReads> } | null = null;

/**
 * Starts the four calls of the first load at once, before anything renders: the home needs their
 * answers for its first real paint, so they should not wait for the first render and its effects.
 */
export function startPortalLoad(linkId: string): void {
  selectLink(linkId);
  const reads = readAll();
  // Handled where it is used; a link problem waits for its listener (onLinkProblem).
  reads.catch(() => undefined);
  started = { linkId, reads };
}

/** The started calls when they belong to this link (once), otherwise new ones. */
function takeStartedReads(linkId: string): Promise<TPortalReads> {
  const early = started?.linkId === linkId ? started.reads : null;
  started = null;
  return early ?? readAll();
}

function portalState(
  linkId: string,
  [property, booking, metadata, settings]: TPortalReads,
  accessPoints: TAccessPoint[] | null = null,
): TPortalState {
  return {
    linkId,
    property,
    booking,
    metadata,
    settings,
    isExpired: Date.now() >= new Date(metadata.expiresAt).getTime(),
    isCheckInOpen: Date.now() >= new Date(metadata.checkInOpensAt).getTime(),
    isCheckedIn: booking.status === 'checked_in',
    isCheckedOut: booking.status === 'checked_out',
    accessPoints,
  };
}

/**
 * The portal's state: from the home the server wrote into the page (`home`), or else read by the four
 * calls, with the loading screen meanwhile.
 */
export function usePortalLoad(linkId: string, home?: TPortalHomeData) {
  const [load, setLoad] = useState<TLoad>(() =>
    home
      ? {
          kind: 'ready',
          state: portalState(
            linkId,
            [home.property, home.booking, home.metadata, home.settings],
            home.accessPoints,
          ),
        }
      : { kind: 'loading' },
  );
  // The server's home needs no first read.
  const isWritten = useRef(home !== undefined);
  const fetchAll = useCallback(async () => {
    const reads = await takeStartedReads(linkId);
    applyBranding(reads[0].branding.primaryColor);
    return portalState(linkId, reads);
  }, [linkId]);
  const run = useCallback(
    () =>
      fetchAll().then(
        (state) => setLoad({ kind: 'ready', state }),
        (error: Error) => setLoad({ kind: 'error', error }),
      ),
    [fetchAll],
  );
  const start = useCallback(() => {
    setLoad({ kind: 'loading' });
    void run();
  }, [run]);
  /** Reloads without the loading screen (after a change). */
  const refresh = useCallback(async () => {
    const state = await fetchAll();
    setLoad({ kind: 'ready', state });
    return state;
  }, [fetchAll]);
  useEffect(() => {
    if (isWritten.current) {
      isWritten.current = false;
      return;
    }
    void run();
  }, [run]);
  return { load, retry: start, refresh };
}

export type TPortalContext = TPortalState & { refresh: () => Promise<TPortalState> };
export const PortalContext = createContext<TPortalContext | null>(null);

export function usePortal(): TPortalContext {
  const context = useContext(PortalContext);
  if (!context) throw new Error('usePortal outside the portal');
  return context;
}
