import type { TFolio, TFolioCharge } from '@pms/contract/folios';

/** The gross left of each charge after the allowances that correct it (a moved charge has none left). */
export function remainingByCharge(charges: readonly TFolioCharge[]): Map<string, number> {
  const remaining = new Map<string, number>();
  for (const charge of charges) if (charge.kind === 'charge') remaining.set(charge.id, charge.grossAmount);
  for (const entry of charges) {
    if (entry.kind !== 'allowance' || entry.correctsChargeId === null) continue;
    const left = remaining.get(entry.correctsChargeId);
    if (left !== undefined) remaining.set(entry.correctsChargeId, left + entry.grossAmount);
  }
  return remaining;
}

/** The gross per unit, as the price column shows it. */
export function unitAmountOf(entry: TFolioCharge): number {
  return entry.quantity === 0 ? entry.grossAmount : Math.round(entry.grossAmount / entry.quantity);
}

/** The folios a charge of `source` may move to: the other open folios of the same booking or group. */
export function moveTargetsOf(source: TFolio, folios: readonly TFolio[]): TFolio[] {
  return folios.filter((folio) => folio.id !== source.id && !folio.isClosed);
}

type TTranslate = (
  key: 'billing.folios.groupFolio' | 'billing.folios.numbered',
  options?: { number: number },
) => string;

/** A folio's label: its name, else "Group folio" or "Folio n" by its place in the list. */
export function folioLabel(folio: TFolio, index: number, t: TTranslate): string {
  if (folio.name) return folio.name;
  if (folio.isGroupFolio) return t('billing.folios.groupFolio');
  return t('billing.folios.numbered', { number: index + 1 });
}
