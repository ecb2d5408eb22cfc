import type { QueryClient } from '@tanstack/react-query';

/** A lock changes the list, the room plan and (once it starts or ends) the rooms' status and figures. */
export function invalidateRoomLocks(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['room-locks'] }),
    queryClient.invalidateQueries({ queryKey: ['room-plan'] }),
    queryClient.invalidateQueries({ queryKey: ['housekeeping'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
