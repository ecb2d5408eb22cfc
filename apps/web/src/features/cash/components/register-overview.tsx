import { useTranslation } from 'react-i18next';
import {
  ArrowDownTrayIcon,
  ArrowUpTrayIcon,
  CalendarDaysIcon,
  LockClosedIcon,
  LockOpenIcon,
} from '@heroicons/react/24/outline';
import type { TCashRegister } from '@pms/contract/cash';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FactList } from '../../../ui/fact-list.tsx';

export type TRegisterAction = 'open' | 'deposit' | 'withdrawal' | 'closeShift' | 'closeDay';

type TRegisterOverviewProps = {
  register: TCashRegister;
  /** Set for a role that may work the drawer. */
  onAction?: ((action: TRegisterAction) => void) | undefined;
  pendingAction: TRegisterAction | null;
};

/** The register's badges: the simulator's receipts are not valid, training receipts count no turnover. */
export function RegisterBadges({ register }: { register: TCashRegister }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge>{t(`cash.countries.${register.country}`)}</Badge>
      {register.adapter === 'simulator' && <Badge color="amber">{t('billing.receipt.simulated')}</Badge>}
      {register.isTraining && <Badge color="primary">{t('cash.training')}</Badge>}
    </>
  );
}

/** The drawer's state (open shift, balance, business day) and what can be done with it now. */
export function RegisterOverview({ register, onAction, pendingAction }: TRegisterOverviewProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const shift = register.openShift;
  const isOpen = shift !== null;
  const actionButton = (
    action: TRegisterAction,
    icon: typeof LockOpenIcon,
    variant: 'primary' | 'secondary',
  ) => (
    <Button
      variant={variant}
      icon={icon}
      isLoading={pendingAction === action}
      disabled={pendingAction !== null}
      onClick={() => onAction?.(action)}
    >
      {t(`cash.actions.${action}`)}
    </Button>
  );

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          {register.name}
          <RegisterBadges register={register} />
        </span>
      }
      description={t('cash.cashBoxId', { id: register.cashBoxId })}
      footer={
        onAction &&
        (isOpen ? (
          <>
            {actionButton('deposit', ArrowDownTrayIcon, 'secondary')}
            {actionButton('withdrawal', ArrowUpTrayIcon, 'secondary')}
            {actionButton('closeShift', LockClosedIcon, 'primary')}
          </>
        ) : (
          !register.isDayClosed && (
            <>
              {actionButton('closeDay', CalendarDaysIcon, 'secondary')}
              {actionButton('open', LockOpenIcon, 'primary')}
            </>
          )
        ))
      }
    >
      <div className="space-y-5">
        {register.deviceFailedAt && (
          <Alert type="warning" title={t('cash.deviceFailedTitle')}>
            {t('cash.deviceFailedText', { since: formatDateTime(register.deviceFailedAt) })}
          </Alert>
        )}
        {register.isDayClosed && (
          <Alert type="info" title={t('cash.dayClosedTitle')}>
            {t('cash.dayClosedText', { date: formatDate(register.businessDate) })}
          </Alert>
        )}
        <FactList
          facts={[
            {
              label: t('cash.state'),
              value: (
                <Badge color={isOpen ? 'green' : 'gray'}>{t(isOpen ? 'cash.isOpen' : 'cash.isClosed')}</Badge>
              ),
            },
            {
              label: t('cash.openShift'),
              value: shift
                ? t('cash.openSince', {
                    name: shift.openedBy ?? t('cash.unknownUser'),
                    since: formatDateTime(shift.openedAt),
                  })
                : t('cash.noShift'),
            },
            {
              label: t('cash.balance'),
              value: <span className="text-lg tabular-nums">{formatMoney(register.balance)}</span>,
            },
            {
              label: t('cash.businessDate'),
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  {formatDate(register.businessDate)}
                  {register.isDayClosed && <Badge>{t('cash.dayClosedBadge')}</Badge>}
                </span>
              ),
            },
            {
              label: t('cash.lastReceipt'),
              value: register.receiptCount > 0 ? `${register.receiptCount}` : '–',
            },
          ]}
        />
      </div>
    </Card>
  );
}
