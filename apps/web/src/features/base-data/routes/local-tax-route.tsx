import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilSquareIcon, PlusIcon, ReceiptPercentIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { TLevyRecord, TLevyVersionRecord } from '@pms/contract/local-tax';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useFormatPercentage, useLevies } from '../../../shared/base-data/index.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Table, type TColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { levyCollection, levyVersionCollection } from '../api/local-tax.ts';
import { LevyDialog } from '../components/levy-dialog.tsx';
import { LevyVersionDialog } from '../components/levy-version-dialog.tsx';
import { RecordCard } from '../components/record-card.tsx';
import { useCanWriteBaseData } from '../components/record-kinds.ts';
import { useRemoveRecord } from '../components/use-remove-record.tsx';

type TDialog =
  | { kind: 'levy'; levy: TLevyRecord | null; key: number }
  | { kind: 'version'; levy: TLevyRecord; version: TLevyVersionRecord | null; key: number }
  | null;

/** What a version charges, in words: "2,65 € per person and night" or "3,2 % of the net price". */
function useChargeText() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatPercentage = useFormatPercentage();
  return (version: TLevyVersionRecord) => {
    if (version.chargeKind === 'per_person_night')
      return t('baseData.levyVersions.perPerson', { amount: formatMoney(version.amount ?? 0) });
    const rate = formatPercentage((version.rateBasisPoints ?? 0) / 100);
    const parts = [t('baseData.levyVersions.percentOfNet', { rate })];
    if (version.withoutBreakfast) parts.push(t('baseData.levyVersions.withoutBreakfastShort'));
    if (version.deductionBasisPoints > 0)
      parts.push(
        t('baseData.levyVersions.deductionShort', {
          rate: formatPercentage(version.deductionBasisPoints / 100),
        }),
      );
    return parts.join(', ');
  };
}

/** Base data's local tax: each levy of the property with its versions, as the town levies it. */
export function LocalTaxRoute() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const chargeText = useChargeText();
  const canWrite = useCanWriteBaseData();
  const levies = useLevies();
  const { remove } = useRemoveRecord();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [open, setOpen] = useState(false);
  const openDialog = (next: NonNullable<TDialog>) => {
    setDialog(next);
    setOpen(true);
  };
  const nextKey = (dialog?.key ?? 0) + 1;

  const versionColumns = (levy: TLevyRecord): TColumn<TLevyVersionRecord>[] => {
    const columns: TColumn<TLevyVersionRecord>[] = [
      {
        id: 'validity',
        header: t('baseData.levyVersions.validity'),
        cell: (version) =>
          version.validUntil
            ? t('baseData.levyVersions.fromUntil', {
                from: formatDate(version.validFrom),
                until: formatDate(version.validUntil),
              })
            : t('baseData.levyVersions.since', { from: formatDate(version.validFrom) }),
      },
      { id: 'charge', header: t('baseData.levyVersions.charge'), cell: chargeText },
      {
        id: 'exemptions',
        header: t('baseData.levyVersions.exemptions'),
        cell: (version) =>
          [
            version.ageBelow !== null && t('baseData.levyVersions.childrenBelow', { age: version.ageBelow }),
            version.workStay !== 'never' &&
              t(`baseData.levyVersions.workStayShort.${version.workStay}`, {
                nights: version.workStayNights,
              }),
            version.nightCap !== null &&
              t('baseData.levyVersions.nightCapShort', { nights: version.nightCap }),
            ...version.exemptionReasons,
          ]
            .filter(Boolean)
            .join(' · ') || '–',
      },
      {
        id: 'rounding',
        header: t('baseData.levyVersions.rounding'),
        cell: (version) => t(`baseData.levyVersions.roundings.${version.rounding}`),
      },
    ];
    if (!canWrite) return columns;
    return [
      ...columns,
      {
        id: 'actions',
        header: <span className="sr-only">{t('common.actions')}</span>,
        className: 'w-24 text-right',
        cell: (version) => {
          const name = `${levy.name} ${formatDate(version.validFrom)}`;
          return (
            <div className="-my-2 flex justify-end gap-1">
              <IconButton
                label={t('baseData.editLabel', { name })}
                icon={PencilSquareIcon}
                onClick={() => openDialog({ kind: 'version', levy, version, key: nextKey })}
              />
              <IconButton
                label={t('baseData.deleteLabel', { name })}
                icon={TrashIcon}
                className="hover:text-red-600"
                onClick={() =>
                  void remove({
                    kind: 'levyVersions',
                    collection: levyVersionCollection(levy.id),
                    id: version.id,
                    name,
                  })
                }
              />
            </div>
          );
        },
      },
    ];
  };

  const content = () => {
    if (levies.isPending) return <Spinner />;
    if (levies.isError) return <ErrorState error={levies.error} onRetry={() => void levies.refetch()} />;
    if (levies.data.length === 0)
      return (
        <EmptyState
          icon={ReceiptPercentIcon}
          title={t('baseData.localTax.empty')}
          text={t('baseData.localTax.emptyText')}
        />
      );
    return levies.data.map((levy) => (
      <section
        key={levy.id}
        aria-labelledby={`levy-${levy.id}`}
        className="border-b border-gray-100 last:border-0"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
            <span id={`levy-${levy.id}`}>{levy.name}</span>
            <Badge color={levy.active ? 'green' : 'gray'}>
              {levy.active ? t('baseData.active') : t('baseData.inactive')}
            </Badge>
          </h3>
          {canWrite && (
            <div className="flex items-center gap-1">
              <Button
                variant="secondary"
                size="sm"
                icon={PlusIcon}
                onClick={() => openDialog({ kind: 'version', levy, version: null, key: nextKey })}
              >
                {t('baseData.levyVersions.create')}
              </Button>
              <IconButton
                label={t('baseData.editLabel', { name: levy.name })}
                icon={PencilSquareIcon}
                onClick={() => openDialog({ kind: 'levy', levy, key: nextKey })}
              />
              <IconButton
                label={t('baseData.deleteLabel', { name: levy.name })}
                icon={TrashIcon}
                className="hover:text-red-600"
                onClick={() =>
                  void remove({ kind: 'localTax', collection: levyCollection, id: levy.id, name: levy.name })
                }
              />
            </div>
          )}
        </div>
        <Table
          label={t('baseData.levyVersions.title', { name: levy.name })}
          columns={versionColumns(levy)}
          rows={levy.versions}
          emptyText={t('baseData.levyVersions.empty')}
        />
      </section>
    ));
  };

  return (
    <RecordCard
      kind="localTax"
      onCreate={canWrite ? () => openDialog({ kind: 'levy', levy: null, key: nextKey }) : undefined}
    >
      {content()}
      {dialog?.kind === 'levy' && (
        <LevyDialog key={dialog.key} open={open} record={dialog.levy} onClose={() => setOpen(false)} />
      )}
      {dialog?.kind === 'version' && (
        <LevyVersionDialog
          key={dialog.key}
          open={open}
          levy={dialog.levy}
          version={dialog.version}
          onClose={() => setOpen(false)}
        />
      )}
    </RecordCard>
  );
}
