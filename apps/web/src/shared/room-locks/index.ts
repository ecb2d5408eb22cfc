export { roomLockQueryOptions } from './get-room-lock.ts';
export { RoomLockDialog } from './room-lock-dialog.tsx';
