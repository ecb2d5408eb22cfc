import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import type { TCashRegister } from '@pms/contract/cash';
import type { TDateRange } from '../../../lib/date-periods.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useDownloadFiscalExport } from '../api/download-fiscal-export.ts';

/** An administrator's export for a tax audit, of the period chosen above: DEP (Austria) or TSE (Germany). */
export function FiscalExport({ register, range }: { register: TCashRegister; range: TDateRange | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const download = useDownloadFiscalExport();
  const kind = register.country === 'AT' ? 'dep' : 'tse';
  return (
    <Card
      title={t(`cash.export.${kind}Title`)}
      description={t(`cash.export.${kind}Text`)}
      actions={
        <Button
          variant="secondary"
          icon={ArrowDownTrayIcon}
          isLoading={download.isPending}
          disabled={range === null}
          onClick={() =>
            range && download.mutate({ registerId: register.id, country: register.country, range })
          }
        >
          {t(`cash.export.${kind}Download`)}
        </Button>
      }
    >
      <p className="text-sm text-gray-700">
        {range
          ? t('cash.export.period', { from: formatDate(range.from), to: formatDate(range.to) })
          : t('cash.export.noPeriod')}
      </p>
    </Card>
  );
}
