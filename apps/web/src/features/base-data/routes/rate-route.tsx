import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon, PencilSquareIcon, TagIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { TBaseData, TRate, TRateItem, TRatePrice } from '@pms/contract/base-data';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { collections } from '../api/base-data-collections.ts';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { baseDataPath } from '../base-data-tabs.ts';
import { ActiveBadge } from '../components/active-badge.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { RateDialog } from '../components/rate-dialog.tsx';
import { RateItemDialog } from '../components/rate-item-dialog.tsx';
import { RatePriceDialog } from '../components/rate-price-dialog.tsx';
import { RecordCard } from '../components/record-card.tsx';
import { useCanWriteBaseData } from '../components/record-kinds.ts';
import { useRecordActions } from '../components/use-record-actions.tsx';
import { useRemoveRecord } from '../components/use-remove-record.tsx';

const ratesPath = `${baseDataPath}/rates`;

function RatePrices({ rate, baseData }: { rate: TRate; baseData: TBaseData }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const { roomTypes } = baseData;
  const roomTypeOf = (price: TRatePrice) => roomTypes.find((roomType) => roomType.id === price.roomTypeId);
  const persons = (price: TRatePrice) => t('baseData.ratePrices.persons', { count: price.occupancy });
  // In the order of the room types, then by occupancy.
  const prices = rate.prices.toSorted(
    (a, b) =>
      roomTypes.findIndex((roomType) => roomType.id === a.roomTypeId) -
        roomTypes.findIndex((roomType) => roomType.id === b.roomTypeId) || a.occupancy - b.occupancy,
  );
  const actions = useRecordActions<TRatePrice>({
    kind: 'ratePrices',
    collection: collections.ratePrices(rate.id),
    nameOf: (price) =>
      t('baseData.ratePrices.priceName', {
        roomType: roomTypeOf(price)?.name ?? '',
        persons: persons(price),
      }),
    renderDialog: (dialog) => <RatePriceDialog {...dialog} rate={rate} roomTypes={roomTypes} />,
  });

  const columns: TColumn<TRatePrice>[] = [
    {
      id: 'roomType',
      header: t('baseData.ratePrices.roomType'),
      cell: (price) => <span className="font-medium text-gray-900">{roomTypeOf(price)?.name}</span>,
    },
    {
      id: 'occupancy',
      header: t('baseData.ratePrices.occupancy'),
      className: 'whitespace-nowrap',
      cell: persons,
    },
    {
      id: 'amount',
      header: t('baseData.ratePrices.amount'),
      className: 'text-right whitespace-nowrap',
      cell: (price) => <span className="tabular-nums">{formatMoney(price.amount)}</span>,
    },
  ];

  return (
    <RecordCard
      kind="ratePrices"
      onCreate={actions.canWrite ? actions.openCreate : undefined}
      blocker={roomTypes.length === 0 ? t('baseData.ratePrices.needsRoomType') : null}
    >
      <DataTable
        label={t('baseData.ratePrices.title')}
        columns={actions.withActions(columns)}
        rows={prices}
        emptyText={t('baseData.ratePrices.empty')}
      />
      {actions.dialog}
    </RecordCard>
  );
}

function RateItems({ rate, baseData }: { rate: TRate; baseData: TBaseData }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const items = baseData.items.filter((item) => !item.isOvernight);
  const actions = useRecordActions<TRateItem>({
    kind: 'rateItems',
    collection: collections.rateItems(rate.id),
    nameOf: (rateItem) => rateItem.item.name,
    renderDialog: (dialog) => <RateItemDialog {...dialog} rate={rate} items={items} />,
  });

  const columns: TColumn<TRateItem>[] = [
    {
      id: 'item',
      header: t('baseData.rateItems.item'),
      cell: (rateItem) => <span className="font-medium text-gray-900">{rateItem.item.name}</span>,
    },
    {
      id: 'unit',
      header: t('baseData.rateItems.unit'),
      className: 'whitespace-nowrap',
      cell: (rateItem) => t(`baseData.rateItems.units.${rateItem.unit}`),
    },
    {
      id: 'frequency',
      header: t('baseData.rateItems.frequency'),
      className: 'whitespace-nowrap',
      cell: (rateItem) => t(`baseData.rateItems.frequencies.${rateItem.frequency}`),
    },
    {
      id: 'amount',
      header: t('baseData.rateItems.amount'),
      className: 'text-right whitespace-nowrap',
      cell: (rateItem) => <span className="tabular-nums">{formatMoney(rateItem.amount)}</span>,
    },
    {
      id: 'inclusive',
      header: <span className="sr-only">{t('baseData.rateItems.inclusive')}</span>,
      cell: (rateItem) =>
        rateItem.inclusive ? (
          <Badge color="primary">{t('baseData.rateItems.inclusiveBadge')}</Badge>
        ) : (
          <Badge>{t('baseData.rateItems.additionalBadge')}</Badge>
        ),
    },
  ];

  return (
    <RecordCard
      kind="rateItems"
      onCreate={actions.canWrite ? actions.openCreate : undefined}
      blocker={items.length === 0 ? t('baseData.rateItems.needsItem') : null}
    >
      <DataTable
        label={t('baseData.rateItems.title')}
        columns={actions.withActions(columns)}
        rows={rate.items}
        emptyText={t('baseData.rateItems.empty')}
      />
      {actions.dialog}
    </RecordCard>
  );
}

function RateDetails({ rate, baseData }: { rate: TRate; baseData: TBaseData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWriteBaseData();
  const { remove, isDeleting } = useRemoveRecord();
  const [isEditOpen, setIsEditOpen] = useState(false);

  const facts = [
    { label: t('baseData.rates.code'), value: <code className="font-mono">{rate.code}</code> },
    {
      label: t('baseData.rates.status'),
      value: (
        <span className="flex flex-wrap gap-1.5">
          <ActiveBadge isActive={rate.active} />
          {rate.isStandard && <Badge color="primary">{t('baseData.rates.standard')}</Badge>}
        </span>
      ),
    },
    { label: t('baseData.rates.externalId'), value: rate.externalId ?? '–' },
  ];

  return (
    <div className="space-y-6">
      <ButtonLink to={ratesPath} variant="ghost" size="sm" icon={ArrowLeftIcon} className="-ml-2.5">
        {t('baseData.rates.backToList')}
      </ButtonLink>
      <Card
        title={rate.name}
        actions={
          canWrite && (
            <>
              <Button variant="secondary" icon={PencilSquareIcon} onClick={() => setIsEditOpen(true)}>
                {t('baseData.rates.edit')}
              </Button>
              <Button
                variant="secondary"
                icon={TrashIcon}
                isLoading={isDeleting}
                onClick={() =>
                  void remove({
                    kind: 'rates',
                    collection: collections.rates,
                    id: rate.id,
                    name: rate.name,
                    onDeleted: () => void navigate(ratesPath),
                  })
                }
              >
                {t('baseData.rates.delete')}
              </Button>
            </>
          )
        }
      >
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-gray-500">{fact.label}</dt>
              <dd className="mt-1 font-medium text-gray-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <RatePrices rate={rate} baseData={baseData} />
      <RateItems rate={rate} baseData={baseData} />
      {canWrite && <RateDialog open={isEditOpen} record={rate} onClose={() => setIsEditOpen(false)} />}
    </div>
  );
}

/** A rate with its prices per room type and occupancy and the items it books. */
export function RateRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const baseData = useBaseData();
  if (baseData.isPending) return <Spinner />;
  if (baseData.isError) return <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />;
  const rate = baseData.data.rates.find((candidate) => candidate.id === id);
  if (!rate) {
    return (
      <EmptyState
        icon={TagIcon}
        title={t('baseData.rates.notFound')}
        action={
          <ButtonLink to={ratesPath} variant="secondary" icon={ArrowLeftIcon}>
            {t('baseData.rates.backToList')}
          </ButtonLink>
        }
      />
    );
  }
  return <RateDetails key={rate.id} rate={rate} baseData={baseData.data} />;
}
