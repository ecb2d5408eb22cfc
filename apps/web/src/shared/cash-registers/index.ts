export { cashRegistersQueryOptions, getCashRegisters, useCashRegisters } from './get-cash-registers.ts';
