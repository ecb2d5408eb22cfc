import { useTranslation } from 'react-i18next';
import { invoicePaymentMethodKinds, ZInvoiceStatus, type TInvoiceListQuery } from '@pms/contract/invoices';
import { InvoicesTable } from '../../../shared/invoices/index.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { Card } from '../../../ui/card.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabs } from '../../../ui/query-tabs.tsx';
import { ReceivablesView } from '../components/receivables-view.tsx';

/** The spec's invoice filters: open, paid, canceled, draft. */
const statusFilters = ['open', 'paid', 'canceled', 'draft'] as const;
const filterParams = ['status', 'paymentMethod'] as const;

type TStatus = NonNullable<TInvoiceListQuery['status']>;
type TPaymentMethod = NonNullable<TInvoiceListQuery['paymentMethod']>;

const isStatus = (value: string): value is TStatus => ZInvoiceStatus.safeParse(value).success;
const isPaymentMethod = (value: string): value is TPaymentMethod =>
  (invoicePaymentMethodKinds as readonly string[]).includes(value);

/** All invoices of the property, filtered by status and payment method, with the aggregate row. */
function AllInvoices() {
  const { t } = useTranslation();
  const { values, change } = useListParams(filterParams);
  const status = isStatus(values.status) ? values.status : undefined;
  const paymentMethod = isPaymentMethod(values.paymentMethod) ? values.paymentMethod : undefined;

  return (
    <Card isFlush>
      <div className="flex flex-col gap-4 border-b border-gray-100 px-5 py-4 lg:flex-row lg:gap-8">
        <SegmentedControl
          label={t('billing.invoices.statusFilter')}
          value={status ?? 'all'}
          onChange={(value) => change({ status: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: t('billing.invoices.all') },
            ...statusFilters.map((value) => ({ value, label: t(`billing.invoices.statuses.${value}`) })),
          ]}
        />
        <SegmentedControl
          label={t('billing.invoices.paymentMethodFilter')}
          value={paymentMethod ?? 'all'}
          onChange={(value) => change({ paymentMethod: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: t('billing.invoices.all') },
            ...invoicePaymentMethodKinds.map((value) => ({
              value,
              label: t(`billing.invoices.paymentMethods.${value}`),
            })),
          ]}
        />
      </div>
      <InvoicesTable
        label={t('billing.invoices.listLabel')}
        filter={{ status, paymentMethod }}
        emptyText={t(status || paymentMethod ? 'billing.invoices.noMatches' : 'billing.invoices.empty')}
      />
    </Card>
  );
}

/** The invoices: all of them with their filters, or the receivables (open invoices by age). */
export function InvoicesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('billing.invoices.title')} description={t('billing.invoices.description')} />
      <QueryTabs
        label={t('billing.invoices.views')}
        param="view"
        tabs={[
          { key: 'all', label: t('billing.invoices.allInvoices'), content: <AllInvoices /> },
          { key: 'receivables', label: t('billing.receivables.title'), content: <ReceivablesView /> },
        ]}
      />
    </>
  );
}
