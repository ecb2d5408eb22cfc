export { roomLockQueryOptions } from './get-room-lock.ts';
export { invalidateRoomLocks } from './invalidate-room-locks.ts';
export { RoomLockDialog } from './room-lock-dialog.tsx';
