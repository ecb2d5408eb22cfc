import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCashDayClose,
  TCashMovementRequest,
  TCashRegister,
  TCashShift,
  TCloseShiftRequest,
} from '@pms/contract/cash';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

const registerPath = (registerId: string) => `/cash_registers/${encodeURIComponent(registerId)}`;

/** Opens the drawer for a shift. */
export const openShift = (registerId: string) =>
  api.post<TCashRegister>(`${registerPath(registerId)}/shifts`);

/** Closes the open shift with the counted drawer; a difference is booked and kept for review. */
export const closeShift = ({ registerId, request }: { registerId: string; request: TCloseShiftRequest }) =>
  api.post<TCashShift>(`${registerPath(registerId)}/shifts/close`, { body: request });

/** A deposit into or a withdrawal from the drawer, with its reason. */
export const addCashMovement = ({
  registerId,
  movement,
}: {
  registerId: string;
  movement: TCashMovementRequest;
}) => api.post<TCashRegister>(`${registerPath(registerId)}/movements`, { body: movement });

/** Closes the register's business day (today): no cash movement can be booked on it after. */
export const closeDay = (registerId: string) =>
  api.post<TCashDayClose>(`${registerPath(registerId)}/day_closes`, { body: {} });

/** A manager's review of a shift's counted difference. */
export const reviewShift = ({ shiftId, note }: { shiftId: string; note: string }) =>
  api.post<TCashShift>(`/cash_shifts/${encodeURIComponent(shiftId)}/review`, { body: { note } });

/** A change to a drawer: the registers' state and every cash book are marked stale. */
function useCashMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { isErrorShownInline = true }: { isErrorShownInline?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { isErrorShownInline, errorTitle: 'cash.actionFailed' },
    onSuccess: () => settleAfter(queryClient, 'cash'),
  });
}

export const useOpenShift = () => useCashMutation(openShift, { isErrorShownInline: false });
export const useCloseShift = () => useCashMutation(closeShift);
export const useAddCashMovement = () => useCashMutation(addCashMovement);
export const useCloseDay = () => useCashMutation(closeDay, { isErrorShownInline: false });
export const useReviewShift = () => useCashMutation(reviewShift);
