import { useMutation } from '@tanstack/react-query';
import type { TCashRegisterCountry } from '@pms/contract/cash';
import { api } from '../../../lib/api-client.ts';
import type { TDateRange } from '../../../lib/date-periods.ts';
import { saveFile } from '../../../lib/save-file.ts';

type TFiscalExport = { registerId: string; country: TCashRegisterCountry; range: TDateRange };

/** The export a tax audit asks for: the RKSV's DEP (JSON) of an Austrian register, the TSE's TAR of a German one. */
export async function downloadFiscalExport({ registerId, country, range }: TFiscalExport): Promise<void> {
  const kind = country === 'AT' ? 'dep' : 'tse_export';
  const { blob, fileName } = await api.download(`/cash_registers/${encodeURIComponent(registerId)}/${kind}`, {
    query: range,
  });
  saveFile(blob, fileName ?? `${kind}-${range.from}-${range.to}.${country === 'AT' ? 'json' : 'tar'}`);
}

export function useDownloadFiscalExport() {
  return useMutation({ mutationFn: downloadFiscalExport, meta: { errorTitle: 'cash.export.failed' } });
}
