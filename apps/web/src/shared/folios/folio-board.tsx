import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BanknotesIcon, PlusIcon } from '@heroicons/react/24/outline';
import type { TFolio } from '@pms/contract/folios';
import type { TInvoiceListItem } from '@pms/contract/invoices';
import { can } from '@pms/contract/permissions';
import { useFormatMoney } from '../../lib/format-money.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useInvoices } from '../invoices/index.ts';
import { AddFolioDialog } from './add-folio-dialog.tsx';
import { AllowanceDialog, type TChargeOnFolio } from './allowance-dialog.tsx';
import { CorrectChargeDialog } from './correct-charge-dialog.tsx';
import { FolioCard, type TFolioPermissions } from './folio-card.tsx';
import { folioLabel, moveTargetsOf } from './folio-entries.ts';
import { useFolios, type TFolioOwner } from './get-folios.ts';
import { MoveChargeDialog } from './move-charge-dialog.tsx';
import { PaymentDialog, type TPaymentTarget } from './payment-dialog.tsx';
import { PostChargeDialog } from './post-charge-dialog.tsx';
import { VoidChargeDialog } from './void-charge-dialog.tsx';

// An invoice that stands for its folio: a draft, or an issued one not cancelled.
const standingStatuses = new Set<TInvoiceListItem['status']>(['draft', 'open', 'paid']);
const allInvoices = { pageNumber: 1, pageSize: 100 };

type TFolioBoardProps = {
  owner: TFolioOwner;
  /** A booking's group: its group folio shows beside the booking's folios and can take moved charges. */
  groupId?: string | null;
  /** The booking's or group's customer, whom an invoice goes to when the folio names none. */
  customerId: string | null;
};

/** The folios tab: every folio as a card, with postings, payments, moves, split folios and invoices. */
export function FolioBoard({ owner, groupId = null, customerId }: TFolioBoardProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formatMoney = useFormatMoney();
  const permissions: TFolioPermissions = {
    canPost: can(user.role, 'charges', 'write'),
    // Catering may post food and drinks only; the rest is the front desk's
    // (docs/decisions/102-catering-on-folios.md).
    canSettle: can(user.role, 'folios', 'write'),
    canInvoice: can(user.role, 'invoices', 'write'),
  };
  const isBooking = 'bookingId' in owner;
  const folios = useFolios(owner);
  const groupFolios = useFolios({ groupId: groupId ?? '' }, { enabled: isBooking && groupId !== null });
  const invoices = useInvoices(owner, allInvoices, { enabled: permissions.canInvoice });
  const groupInvoices = useInvoices({ groupId: groupId ?? undefined }, allInvoices, {
    enabled: permissions.canInvoice && isBooking && groupId !== null,
  });

  const [chargeFolio, setChargeFolio] = useState<TFolio | null>(null);
  const [allowance, setAllowance] = useState<TChargeOnFolio | null>(null);
  const [correction, setCorrection] = useState<TChargeOnFolio | null>(null);
  const [voiding, setVoiding] = useState<TChargeOnFolio | null>(null);
  const [move, setMove] = useState<TChargeOnFolio | null>(null);
  const [payment, setPayment] = useState<TPaymentTarget | null>(null);
  const [isAddOpen, setIsAddOpen] = useState(false);

  if (folios.isPending || (isBooking && groupId !== null && groupFolios.isPending)) return <Spinner />;
  if (folios.isError) return <ErrorState error={folios.error} onRetry={() => void folios.refetch()} />;
  if (groupFolios.isError)
    return <ErrorState error={groupFolios.error} onRetry={() => void groupFolios.refetch()} />;

  const all = [...folios.data.data, ...(isBooking && groupId !== null ? (groupFolios.data?.data ?? []) : [])];
  const labels = new Map(all.map((folio, index) => [folio.id, folioLabel(folio, index, t)]));
  const labelOf = (folio: TFolio) => labels.get(folio.id) ?? '';
  const invoiceByFolio = new Map<string, TInvoiceListItem>();
  if (permissions.canInvoice) {
    for (const invoice of [...(invoices.data?.data ?? []), ...(groupInvoices.data?.data ?? [])]) {
      if (standingStatuses.has(invoice.status)) invoiceByFolio.set(invoice.folioId, invoice);
    }
  }
  const totals = folios.data.totals;

  const addButton = permissions.canSettle && (
    <Button size="sm" variant="secondary" icon={PlusIcon} onClick={() => setIsAddOpen(true)}>
      {t(isBooking ? 'billing.folios.addFolio' : 'billing.folios.addGroupFolio')}
    </Button>
  );

  return (
    <div className="space-y-6">
      <Card
        title={t(isBooking ? 'billing.folios.title' : 'billing.folios.groupTitle')}
        description={t(isBooking ? 'billing.folios.description' : 'billing.folios.groupDescription')}
        actions={addButton}
      >
        <dl className="grid grid-cols-3 gap-6 text-sm sm:max-w-md">
          <div>
            <dt className="text-gray-500">{t('billing.folios.gross')}</dt>
            <dd className="text-lg font-semibold text-gray-900 tabular-nums">
              {formatMoney(totals.grossAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('billing.folios.paid')}</dt>
            <dd className="text-lg font-semibold text-gray-900 tabular-nums">
              {formatMoney(totals.paidAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">{t('billing.folios.due')}</dt>
            <dd className="text-lg font-semibold text-gray-900 tabular-nums">
              {formatMoney(totals.dueAmount)}
            </dd>
          </div>
        </dl>
      </Card>
      {all.length === 0 ? (
        <Card>
          <EmptyState
            icon={BanknotesIcon}
            title={t('billing.folios.emptyTitle')}
            text={t(isBooking ? 'billing.folios.emptyText' : 'billing.folios.groupEmptyText')}
          />
        </Card>
      ) : (
        all.map((folio) => (
          <FolioCard
            key={folio.id}
            folio={folio}
            label={labelOf(folio)}
            permissions={permissions}
            invoice={invoiceByFolio.get(folio.id)}
            fallbackCustomerId={customerId}
            canMove={moveTargetsOf(folio, all).length > 0}
            onPostCharge={() => setChargeFolio(folio)}
            onAllowance={setAllowance}
            onCorrect={setCorrection}
            onVoid={setVoiding}
            onMove={setMove}
            onPayment={(kind) => setPayment({ folio, label: labelOf(folio), kind })}
          />
        ))
      )}
      <PostChargeDialog
        folio={chargeFolio}
        folioLabel={chargeFolio ? labelOf(chargeFolio) : ''}
        onClose={() => setChargeFolio(null)}
      />
      <AllowanceDialog target={allowance} onClose={() => setAllowance(null)} />
      <CorrectChargeDialog target={correction} onClose={() => setCorrection(null)} />
      <VoidChargeDialog target={voiding} onClose={() => setVoiding(null)} />
      <MoveChargeDialog
        source={move}
        targets={
          move ? moveTargetsOf(move.folio, all).map((folio) => ({ folio, label: labelOf(folio) })) : []
        }
        onClose={() => setMove(null)}
      />
      <PaymentDialog target={payment} onClose={() => setPayment(null)} />
      {permissions.canSettle && (
        <AddFolioDialog open={isAddOpen} owner={owner} onClose={() => setIsAddOpen(false)} />
      )}
    </div>
  );
}
