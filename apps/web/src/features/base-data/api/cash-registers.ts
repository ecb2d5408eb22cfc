import type {
  TCashRegister,
  TCreateCashRegisterRequest,
  TUpdateCashRegisterRequest,
} from '@pms/contract/cash';
import { api } from '../../../lib/api-client.ts';

export function createCashRegister(body: TCreateCashRegisterRequest): Promise<TCashRegister> {
  return api.post<TCashRegister>('/cash_registers', { body });
}

export function updateCashRegister(id: string, body: TUpdateCashRegisterRequest): Promise<TCashRegister> {
  return api.patch<TCashRegister>(`/cash_registers/${encodeURIComponent(id)}`, { body });
}
