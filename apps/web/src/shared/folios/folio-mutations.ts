import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateFolioRequest,
  TFolio,
  TMoveChargeRequest,
  TPostAllowanceRequest,
  TPostChargeRequest,
  TPostPaymentRequest,
  TUpdateChargeRequest,
  TUpdateFolioRequest,
  TVoidChargeRequest,
} from '@pms/contract/folios';
import { api } from '../../lib/api-client.ts';
import { settleAfter } from '../query-keys/index.ts';

const folioPath = (folioId: string) => `/folios/${encodeURIComponent(folioId)}`;
const entryPath = (folioId: string, kind: 'charges' | 'payments', entryId: string) =>
  `${folioPath(folioId)}/${kind}/${encodeURIComponent(entryId)}`;

export const createFolio = (request: TCreateFolioRequest) => api.post<TFolio>('/folios', { body: request });

export const postCharge = ({ folioId, charge }: { folioId: string; charge: TPostChargeRequest }) =>
  api.post<TFolio>(`${folioPath(folioId)}/charges`, { body: charge });

export const postAllowance = ({
  folioId,
  chargeId,
  allowance,
}: {
  folioId: string;
  chargeId: string;
  allowance: TPostAllowanceRequest;
}) => api.post<TFolio>(`${entryPath(folioId, 'charges', chargeId)}/allowances`, { body: allowance });

export const updateCharge = ({
  folioId,
  chargeId,
  changes,
}: {
  folioId: string;
  chargeId: string;
  changes: TUpdateChargeRequest;
}) => api.put<TFolio>(entryPath(folioId, 'charges', chargeId), { body: changes });

export const voidCharge = ({
  folioId,
  chargeId,
  request,
}: {
  folioId: string;
  chargeId: string;
  request: TVoidChargeRequest;
}) => api.delete<TFolio>(entryPath(folioId, 'charges', chargeId), { body: request });

export const moveCharge = ({
  folioId,
  chargeId,
  move,
}: {
  folioId: string;
  chargeId: string;
  move: TMoveChargeRequest;
}) => api.post<TFolio>(`${entryPath(folioId, 'charges', chargeId)}/move`, { body: move });

export const postPayment = ({
  folioId,
  payment,
  isRefund,
}: {
  folioId: string;
  payment: TPostPaymentRequest;
  isRefund: boolean;
}) => api.post<TFolio>(`${folioPath(folioId)}/${isRefund ? 'refunds' : 'payments'}`, { body: payment });

export const deletePayment = ({ folioId, paymentId }: { folioId: string; paymentId: string }) =>
  api.delete<TFolio>(entryPath(folioId, 'payments', paymentId));

/**
 * A folio posting changes the booking's amounts, its invoices (a payment settles one), the
 * dashboard and group figures: the folio answered is shown at once, and what a folio change can move
 * is marked stale.
 */
function useFolioMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<TFolio>,
  { isErrorShownInline = true }: { isErrorShownInline?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { isErrorShownInline },
    onSuccess: (folio) => settleAfter(queryClient, 'folio', { folio }),
  });
}

export const useCreateFolio = () => useFolioMutation(createFolio);
export const usePostCharge = () => useFolioMutation(postCharge);
export const usePostAllowance = () => useFolioMutation(postAllowance);
export const useUpdateCharge = () => useFolioMutation(updateCharge);
export const useVoidCharge = () => useFolioMutation(voidCharge);
export const useMoveCharge = () => useFolioMutation(moveCharge);
export const usePostPayment = () => useFolioMutation(postPayment);
export const useDeletePayment = () => useFolioMutation(deletePayment, { isErrorShownInline: false });

export const updateFolio = ({ folioId, changes }: { folioId: string; changes: TUpdateFolioRequest }) =>
  api.patch<TFolio>(folioPath(folioId), { body: changes });

export const useUpdateFolio = () => useFolioMutation(updateFolio, { isErrorShownInline: false });
