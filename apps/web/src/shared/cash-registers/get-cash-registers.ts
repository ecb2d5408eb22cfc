import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCashRegister } from '@pms/contract/cash';
import { api } from '../../lib/api-client.ts';
import { cashKeys } from '../query-keys/index.ts';

export function getCashRegisters(): Promise<TCashRegister[]> {
  return api.get<TCashRegister[]>('/cash_registers');
}

export const cashRegistersQueryOptions = () =>
  queryOptions({ queryKey: cashKeys.registers(), queryFn: getCashRegisters });

/** The property's cash registers, each with its drawer's state (open shift, balance, business day). */
export function useCashRegisters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cashRegistersQueryOptions(), enabled });
}
