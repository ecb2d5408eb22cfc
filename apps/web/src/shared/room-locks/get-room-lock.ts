import { queryOptions } from '@tanstack/react-query';
import type { TRoomLock } from '@pms/contract/room-plan';
import { api } from '../../lib/api-client.ts';
import { roomLockKeys } from '../query-keys/index.ts';

export function getRoomLock(id: string): Promise<TRoomLock> {
  return api.get<TRoomLock>(`/room_locks/${encodeURIComponent(id)}`);
}

export const roomLockQueryOptions = (id: string) =>
  queryOptions({ queryKey: roomLockKeys.detail(id), queryFn: () => getRoomLock(id) });
