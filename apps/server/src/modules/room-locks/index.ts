// The public surface of the room-locks module: what other modules and the platform use from it.
export {
  applyRoomLocksEverywhere,
  cancelRoomLock,
  createRoomLock,
  updateRoomLock,
} from './room-locks.service.ts';
