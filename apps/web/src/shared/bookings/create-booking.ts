import { createStore, useStore } from '../../lib/store.ts';

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

const createBookingState = createStore<TCreateBookingState>({ isOpen: false, initial: {}, openCount: 0 });

/** Opens the create-booking dialog (mounted once in the main layout) from anywhere. */
export function openCreateBooking(initial: TCreateBookingInitial = {}): void {
  createBookingState.set({ isOpen: true, initial, openCount: createBookingState.get().openCount + 1 });
}

export function closeCreateBooking(): void {
  // The values stay while the dialog fades out.
  createBookingState.set({ ...createBookingState.get(), isOpen: false });
}

export function useCreateBookingState(): TCreateBookingState {
  return useStore(createBookingState);
}
