import { useTranslation } from 'react-i18next';
import type { TInvoiceStatus } from '@pms/contract/contacts';
import { Badge, type TBadgeColor } from '../../ui/badge.tsx';

/** The spec's colours: paid green, open yellow, canceled red, draft gray. */
const statusColors: Record<TInvoiceStatus, TBadgeColor> = {
  draft: 'gray',
  open: 'amber',
  paid: 'green',
  canceled: 'red',
  completed: 'primary',
};

export function InvoiceStatusBadge({ status }: { status: TInvoiceStatus }) {
  const { t } = useTranslation();
  return <Badge color={statusColors[status]}>{t(`billing.invoices.statuses.${status}`)}</Badge>;
}
