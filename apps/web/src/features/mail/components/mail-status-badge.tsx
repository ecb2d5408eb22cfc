import { useTranslation } from 'react-i18next';
import type { TMailStatus } from '@pms/contract/mail';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';

const statusColors: Record<TMailStatus, TBadgeColor> = { queued: 'amber', sent: 'green', failed: 'red' };

export function MailStatusBadge({ status, attempts }: { status: TMailStatus; attempts: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]}>
      {status === 'queued' && attempts > 0
        ? t('mail.retrying', { count: attempts })
        : t(`mail.statuses.${status}`)}
    </Badge>
  );
}
