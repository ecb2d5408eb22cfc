export { baseDataQueryOptions, useBaseData } from './get-base-data.ts';
export { useFormatPercentage, useTaxRateLabel } from './tax-rate-format.ts';
export { leviesQueryOptions, useLevies } from './get-levies.ts';
