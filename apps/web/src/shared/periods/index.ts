export { PeriodPicker } from './period-picker.tsx';
export { useDatePeriod, type TDatePeriodState } from './use-date-period.ts';
