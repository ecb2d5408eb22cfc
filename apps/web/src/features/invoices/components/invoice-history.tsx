import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useInvoiceEvents } from '../api/receivables.ts';

const knownTypes = [
  'created',
  'updated',
  'issued',
  'paid',
  'canceled',
  'deleted',
  'payment_received',
  'reminder_created',
  'dunning_created',
  'mail_sent',
  'mail_failed',
] as const;
type TKnownType = (typeof knownTypes)[number];
const isKnown = (type: string): type is TKnownType => (knownTypes as readonly string[]).includes(type);

/** The invoice's history, newest first: issued, payments received, reminders, e-mails, paid, cancelled. */
export function InvoiceHistory({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const events = useInvoiceEvents(invoiceId);
  return (
    <Card title={t('billing.history.title')}>
      {events.isPending ? (
        <Spinner />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : events.data.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('billing.history.empty')}</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {events.data.data.map((event) => {
            const amount = typeof event.data.amount === 'number' ? formatMoney(event.data.amount) : '';
            const to = typeof event.data.to === 'string' ? event.data.to : '';
            return (
              <li key={event.id} className="flex flex-wrap justify-between gap-x-4">
                <span className="text-gray-900">
                  {isKnown(event.type)
                    ? t(`billing.history.types.${event.type}`, { amount, to })
                    : event.type}
                </span>
                <span className="text-gray-500">
                  {formatDateTime(event.createdAt)} · {event.actorName}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
