import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BanknotesIcon } from '@heroicons/react/24/outline';
import type { TCashRegister } from '@pms/contract/cash';
import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useCashRegisters } from '../../../shared/cash-registers/index.ts';
import { zReportUrl } from '../../../shared/cash/index.ts';
import { PeriodPicker, useDatePeriod } from '../../../shared/periods/index.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Field, Select } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCloseDay, useOpenShift } from '../api/cash-actions.ts';
import { useCashBook } from '../api/get-cash-book.ts';
import { CashMovementDialog, type TMovementKind } from '../components/cash-movement-dialog.tsx';
import { CashMovements } from '../components/cash-movements.tsx';
import { CashShifts } from '../components/cash-shifts.tsx';
import { CloseShiftDialog } from '../components/close-shift-dialog.tsx';
import { DayCloses } from '../components/day-closes.tsx';
import { FiscalExport } from '../components/fiscal-export.tsx';
import { RegisterOverview, type TRegisterAction } from '../components/register-overview.tsx';

/** The cash book of the chosen period, with the period picker above it. */
function CashBookSection({ register, canReview }: { register: TCashRegister; canReview: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const period = useDatePeriod('today');
  const book = useCashBook(register.id, period.range);
  return (
    <div className="space-y-6">
      <Card title={t('cash.period.title')} description={t('cash.period.description')}>
        <PeriodPicker state={period} />
      </Card>
      {book.isError ? (
        <ErrorState error={book.error} onRetry={() => void book.refetch()} />
      ) : !book.data ? (
        period.range && <Spinner />
      ) : (
        <>
          <CashMovements book={book.data} />
          <CashShifts shifts={book.data.shifts} canReview={canReview} />
          <DayCloses dayCloses={book.data.dayCloses} />
        </>
      )}
      {can(user.role, 'fiscalExports') && <FiscalExport register={register} range={period.range} />}
    </div>
  );
}

/** One register: its state and actions, its dialogs and its cash book. */
function RegisterScreen({ register }: { register: TCashRegister }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const openShift = useOpenShift();
  const closeDay = useCloseDay();
  const [movement, setMovement] = useState<TMovementKind | null>(null);
  const [isClosingShift, setIsClosingShift] = useState(false);
  const canWrite = can(user.role, 'cashBook', 'write');

  const runCloseDay = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('cash.closeDay.title'),
      content: t('cash.closeDay.text', { name: register.name }),
      confirmText: t('cash.closeDay.confirm'),
    });
    if (!isConfirmed) return;
    closeDay.mutate(register.id, {
      onSuccess: (dayClose) => {
        toast.success(t('cash.closeDay.done', { number: dayClose.number }));
        window.open(zReportUrl(dayClose.id), '_blank', 'noopener');
      },
    });
  };

  const runAction = (action: TRegisterAction) => {
    if (action === 'open')
      openShift.mutate(register.id, { onSuccess: () => toast.success(t('cash.opened')) });
    else if (action === 'deposit' || action === 'withdrawal') setMovement(action);
    else if (action === 'closeShift') setIsClosingShift(true);
    else void runCloseDay();
  };

  return (
    <div className="space-y-6">
      <RegisterOverview
        register={register}
        onAction={canWrite ? runAction : undefined}
        pendingAction={openShift.isPending ? 'open' : closeDay.isPending ? 'closeDay' : null}
      />
      <CashBookSection register={register} canReview={can(user.role, 'cashReview', 'write')} />
      <CashMovementDialog register={register} kind={movement} onClose={() => setMovement(null)} />
      <CloseShiftDialog register={register} open={isClosingShift} onClose={() => setIsClosingShift(false)} />
    </div>
  );
}

const registerParams = ['register'] as const;

/** The cash register screen: choose the register (when there are several) and work its drawer. */
export function CashRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const registers = useCashRegisters();
  const { values, change } = useListParams(registerParams);
  const list = registers.data ?? [];
  const register = list.find((item) => item.id === values.register) ?? list[0];

  return (
    <>
      <PageHeader
        title={t('cash.title')}
        description={t('cash.description')}
        actions={
          list.length > 1 &&
          register && (
            <Field label={t('cash.chooseRegister')} className="min-w-56">
              <Select value={register.id} onChange={(event) => change({ register: event.target.value })}>
                {list.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            </Field>
          )
        }
      />
      {registers.isError ? (
        <ErrorState error={registers.error} onRetry={() => void registers.refetch()} />
      ) : !registers.data ? (
        <Spinner />
      ) : register ? (
        <RegisterScreen key={register.id} register={register} />
      ) : (
        <Card>
          <EmptyState
            icon={BanknotesIcon}
            title={t('cash.emptyTitle')}
            text={t('cash.emptyText')}
            action={
              can(user.role, 'cashRegisters', 'write') && (
                <ButtonLink to="/base-data/cash-registers">{t('cash.setUp')}</ButtonLink>
              )
            }
          />
        </Card>
      )}
    </>
  );
}
