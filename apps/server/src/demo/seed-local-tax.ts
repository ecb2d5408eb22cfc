import type { Tx } from '../db/client.ts';
import { items, localTaxLevies, localTaxLevyVersions } from '../db/schema/index.ts';

type TVersion = Omit<typeof localTaxLevyVersions.$inferInsert, 'propertyId' | 'levyId'>;

const perPerson = (amount: number, changes: Partial<TVersion> = {}): TVersion => ({
  validFrom: '2025-01-01',
  chargeKind: 'per_person_night',
  amount,
  // Salzburg: children up to their 15th birthday owe nothing, nor work stays longer than two weeks.
  ageBelow: 15,
  ageAt: 'arrival',
  workStay: 'exempt_after',
  workStayNights: 14,
  exemptionReasons: ['Schulveranstaltung', 'Kuraufenthalt'],
  ...changes,
});

const percentOfNet = (rateBasisPoints: number, changes: Partial<TVersion> = {}): TVersion => ({
  validFrom: '2025-01-01',
  chargeKind: 'percent_of_net',
  rateBasisPoints,
  withoutBreakfast: true,
  workStay: 'never',
  ...changes,
});

/**
 * The demo hotels' local tax as their towns levy it (decision 191): Salzburg's Ortstaxe and mobility
 * levy per person and night, Berlin's City Tax of 7.5 % of the net accommodation price with business
 * stays included, and Vienna's rule as an inactive example on the Austrian hotel. The amounts and
 * dates are data the hotel changes in its base data.
 */
export async function seedLocalTax(
  tx: Tx,
  property: { id: string; isAustria: boolean },
  localTaxItem: { id: string; taxRateId: string },
): Promise<void> {
  const levy = async (name: string, itemId: string, versions: TVersion[], active = true) => {
    const [row] = await tx
      .insert(localTaxLevies)
      .values({ propertyId: property.id, name, itemId, active })
      .returning();
    await tx
      .insert(localTaxLevyVersions)
      .values(versions.map((version) => ({ ...version, propertyId: property.id, levyId: row!.id })));
  };
  if (!property.isAustria) {
    // Berlin: 5 % until 2024, 7.5 % since 2025, business stays included, no cap on the nights.
    await levy('City Tax', localTaxItem.id, [
      percentOfNet(500, { validFrom: '2014-01-01', validUntil: '2024-12-31' }),
      percentOfNet(750),
    ]);
    return;
  }
  const [mobility] = await tx
    .insert(items)
    .values({
      propertyId: property.id,
      name: 'Mobilitätsabgabe',
      type: 'local_tax',
      taxRateId: localTaxItem.taxRateId,
      amount: 50,
      accountNumber: '4900',
    })
    .returning();
  await levy('Ortstaxe', localTaxItem.id, [perPerson(265)]);
  await levy('Mobilitätsabgabe', mobility!.id, [perPerson(50, { exemptionReasons: [] })]);
  // Vienna: a share of the price without breakfast and VAT, less 11 %; an example, not charged here.
  const vienna = (rateBasisPoints: number, validFrom: string, validUntil: string | null) =>
    percentOfNet(rateBasisPoints, { validFrom, validUntil, deductionBasisPoints: 1100 });
  await levy(
    'Ortstaxe Wien (Beispiel)',
    localTaxItem.id,
    [
      vienna(320, '2025-01-01', '2026-06-30'),
      vienna(500, '2026-07-01', '2027-06-30'),
      vienna(800, '2027-07-01', null),
    ],
    false,
  );
}
