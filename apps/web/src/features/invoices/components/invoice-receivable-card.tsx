import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon, BanknotesIcon, EnvelopeIcon } from '@heroicons/react/24/outline';
import type { TInvoice } from '@pms/contract/invoices';
import { can } from '@pms/contract/permissions';
import { nextReminder, type TInvoiceReminder, type TReminderLevel } from '@pms/contract/receivables';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { usePropertyToday } from '../../../lib/property-today.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDownloadReminder, useInvoiceReminders } from '../api/receivables.ts';
import { InvoicePaymentDialog } from './invoice-payment-dialog.tsx';
import { reminderDueToday } from './receivables-view.tsx';
import { ReminderDialog } from './reminder-dialog.tsx';

function ReminderRow({ invoiceId, reminder }: { invoiceId: string; reminder: TInvoiceReminder }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const download = useDownloadReminder();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="text-sm">
        <Badge color={reminder.level === 2 ? 'red' : 'amber'}>
          {t(`billing.receivables.levels.${reminder.level}`)}
        </Badge>
        <span className="ml-2 text-gray-900">{formatDate(reminder.issuedOn)}</span>
        <span className="block text-gray-600">
          {t('billing.receivables.reminderFacts', {
            amount: formatMoney(reminder.dueAmount),
            date: formatDate(reminder.payBy),
          })}
          {' · '}
          {t(reminder.mailMessageId ? 'billing.receivables.byMail' : 'billing.receivables.asLetter')}
        </span>
      </div>
      <Button
        size="sm"
        variant="secondary"
        icon={ArrowDownTrayIcon}
        isLoading={download.isPending}
        onClick={() =>
          download.mutate(
            { invoiceId, reminder },
            { onError: (error) => toast.error(t('billing.detail.downloadFailed'), errorMessage(error)) },
          )
        }
      >
        {t('billing.receivables.letter')}
      </Button>
    </li>
  );
}

/**
 * An issued invoice with money open, or one that was reminded: its due day, the reminders sent with
 * their letters, and the actions to record a payment that arrived and to send the next reminder.
 */
export function InvoiceReceivableCard({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const today = usePropertyToday();
  const formatDate = useFormatDate();
  const reminders = useInvoiceReminders(invoice.id);
  const [isPaying, setIsPaying] = useState(false);
  const [reminding, setReminding] = useState<TReminderLevel | null>(null);
  const canWrite = can(user.role, 'invoices', 'write');
  const isOpen = invoice.status === 'open' && invoice.dueAmount > 0;

  if (reminders.isPending) return <Spinner />;
  if (reminders.isError)
    return <ErrorState error={reminders.error} onRetry={() => void reminders.refetch()} />;
  const sent = reminders.data.data;
  if (!isOpen && sent.length === 0) return null;
  const last = sent.at(-1);
  const next = isOpen
    ? nextReminder({
        dueOn: invoice.dueOn,
        lastReminder: last ? { level: last.level, payBy: last.payBy } : null,
      })
    : null;
  const isReminderDue = reminderDueToday({ nextReminder: next }, today) !== null;

  return (
    <Card
      title={t('billing.receivables.cardTitle')}
      description={
        invoice.dueOn
          ? today > invoice.dueOn && isOpen
            ? t('billing.receivables.overdueSince', { date: formatDate(invoice.dueOn) })
            : t('billing.receivables.dueBy', { date: formatDate(invoice.dueOn) })
          : undefined
      }
      actions={
        canWrite &&
        isOpen && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" icon={BanknotesIcon} onClick={() => setIsPaying(true)}>
              {t('billing.receivables.recordPayment')}
            </Button>
            {next && isReminderDue && (
              <Button
                size="sm"
                variant="secondary"
                icon={EnvelopeIcon}
                onClick={() => setReminding(next.level)}
              >
                {t(`billing.receivables.remind.${next.level}`)}
              </Button>
            )}
          </div>
        )
      }
    >
      {sent.length > 0 ? (
        <ul className="divide-y divide-gray-100">
          {sent.map((reminder) => (
            <ReminderRow key={reminder.id} invoiceId={invoice.id} reminder={reminder} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">{t('billing.receivables.noReminder')}</p>
      )}
      {isOpen && next && !isReminderDue && (
        <p className="mt-3 text-sm text-gray-600">
          {t(`billing.receivables.possibleFrom.${next.level}`, { date: formatDate(next.from) })}
        </p>
      )}
      {isOpen && !next && last && (
        <p className="mt-3 text-sm text-gray-600">{t('billing.receivables.exhausted')}</p>
      )}
      <InvoicePaymentDialog invoice={isPaying ? invoice : null} onClose={() => setIsPaying(false)} />
      <ReminderDialog
        target={reminding ? { invoiceId: invoice.id, number: invoice.number ?? '', level: reminding } : null}
        onClose={() => setReminding(null)}
      />
    </Card>
  );
}
