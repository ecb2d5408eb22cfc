import { useSyncExternalStore } from 'react';

/** What the create-booking dialog starts with, such as the free cells chosen on the room plan. */
export type TCreateBookingInitial = {
  roomId?: string;
  roomTypeId?: string;
  checkIn?: string;
  checkOut?: string;
};

type TCreateBookingState = {
  isOpen: boolean;
  initial: TCreateBookingInitial;
  /** Changes with every opening, so the form starts afresh. */
  openCount: number;
};

let createBookingState: TCreateBookingState = { isOpen: false, initial: {}, openCount: 0 };
const listeners = new Set<() => void>();

function setCreateBookingState(next: TCreateBookingState): void {
  createBookingState = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the create-booking dialog (mounted once in the main layout) from anywhere. */
export function openCreateBooking(initial: TCreateBookingInitial = {}): void {
  setCreateBookingState({ isOpen: true, initial, openCount: createBookingState.openCount + 1 });
}

export function closeCreateBooking(): void {
  // The values stay while the dialog fades out.
  setCreateBookingState({ ...createBookingState, isOpen: false });
}

export function useCreateBookingState(): TCreateBookingState {
  return useSyncExternalStore(subscribe, () => createBookingState);
}
