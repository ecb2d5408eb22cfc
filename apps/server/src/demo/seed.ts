import type { Db } from '../db/client.ts';
import {
  accountingSettings,
  generalSettings,
  properties,
  propertyUsers,
  settingEntries,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/crypto.ts';
import { insertDefaultRetentionRules } from '../lib/retention-rules.queries.ts';
import type { TRole } from '@pms/contract';
import { seedBilling } from './seed-billing.ts';
import { seedFrontOffice } from './seed-front-office.ts';

export const demoPassword = 'demo1234';

const alpine = {
  50: '#eff6ff',
  100: '#dbeafe',
  200: '#bfdbfe',
  300: '#93c5fd',
  400: '#60a5fa',
  500: '#3b82f6',
  600: '#2563eb',
  700: '#1d4ed8',
  800: '#1e40af',
  900: '#1e3a8a',
};
const forest = {
  50: '#f0fdf4',
  100: '#dcfce7',
  200: '#bbf7d0',
  300: '#86efac',
  400: '#4ade80',
  500: '#16a34a',
  600: '#15803d',
  700: '#166534',
  800: '#14532d',
  900: '#0f3d21',
};

export const demoUsers: { email: string; name: string; role: TRole }[] = [
  { email: 'admin@example.com', name: 'Anna Admin', role: 'admin' },
  { email: 'manager@example.com', name: 'Max Manager', role: 'manager' },
  { email: 'staff@example.com', name: 'Sabine Rezeption', role: 'staff' },
  { email: 'cleaning@example.com', name: 'Clara Reinigung', role: 'cleaning' },
  { email: 'catering@example.com', name: 'Gustav Gastro', role: 'catering' },
];

/** The demo world: two properties (Austria, Germany), one user per role, settings. Deterministic. */
export async function seedDemoData(
  db: Db,
  options: {
    adminEmail?: string | undefined;
    adminPassword?: string | undefined;
    /** Where the app is reached: the booking links in the demo e-mails point there. */
    publicUrl?: string | undefined;
  } = {},
): Promise<{ adminEmail: string; adminPassword: string }> {
  const adminEmail = (options.adminEmail ?? 'admin@example.com').toLowerCase();
  const adminPassword = options.adminPassword ?? demoPassword;
  await db.transaction(async (tx) => {
    const [austria, germany] = await tx
      .insert(properties)
      .values([
        {
          name: 'Alpenhof Salzburg',
          slug: 'alpenhof-salzburg',
          timeZone: 'Europe/Vienna',
          checkInTime: '15:00',
          checkOutTime: '11:00',
          communication: {
            email: 'rezeption@alpenhof.example',
            phone: '+43 662 123456',
            website: 'https://alpenhof.example',
          },
          address: { line1: 'Getreidegasse 12', postalCode: '5020', city: 'Salzburg', country: 'at' },
          bank: { name: 'Salzburger Sparkasse', iban: 'AT611904300234573201', bic: 'SBGSAT2SXXX' },
          company: {
            name: 'Alpenhof Salzburg GmbH',
            managingDirector: 'Maria Huber',
            registerNumber: 'FN 123456a',
            registerCourt: 'Landesgericht Salzburg',
            taxNumber: '91 123/4567',
            vatNumber: 'ATU12345678',
          },
          bookingCodePrefix: 'AH-',
          invoicePrefix: 'AH',
          nextInvoiceNumber: 1001,
          primaryColor: JSON.stringify(alpine),
        },
        {
          name: 'Hotel Spreeblick Berlin',
          slug: 'spreeblick-berlin',
          timeZone: 'Europe/Berlin',
          checkInTime: '14:00',
          checkOutTime: '11:00',
          communication: { email: 'info@spreeblick.example', phone: '+49 30 1234567' },
          address: { line1: 'Schiffbauerdamm 5', postalCode: '10117', city: 'Berlin', country: 'de' },
          bank: { name: 'Berliner Volksbank', iban: 'DE89370400440532013000', bic: 'BEVODEBBXXX' },
          company: {
            name: 'Spreeblick Hotel GmbH',
            managingDirector: 'Jonas Schulz',
            registerNumber: 'HRB 98765 B',
            registerCourt: 'Amtsgericht Charlottenburg',
            taxNumber: '27/123/45678',
            vatNumber: 'DE123456789',
          },
          bookingCodePrefix: 'SB-',
          invoicePrefix: 'SB',
          nextInvoiceNumber: 1,
          primaryColor: JSON.stringify(forest),
        },
      ])
      .returning();
    const passwordHash = await hashPassword(demoPassword);
    const adminHash = adminPassword === demoPassword ? passwordHash : await hashPassword(adminPassword);
    const created = await tx
      .insert(users)
      .values(
        demoUsers.map((user) => ({
          email: user.role === 'admin' ? adminEmail : user.email,
          name: user.name,
          language: 'de',
          passwordHash: user.role === 'admin' ? adminHash : passwordHash,
        })),
      )
      .returning();
    for (const property of [austria!, germany!]) {
      await tx.insert(propertyUsers).values(
        created.map((user, index) => ({
          propertyId: property.id,
          userId: user.id,
          roleId: demoUsers[index]!.role,
        })),
      );
      await insertDefaultRetentionRules(tx, property.id, property.address.country);
      await tx.insert(generalSettings).values({
        propertyId: property.id,
        featurePreCheckIn: true,
        featurePayment: true,
        featureCheckInJack: true,
        propertyInfoUrl: `https://${property.slug}.example/info`,
        linkEmailSubject: `Ihre Buchung im ${property.name}`,
        linkEmailBody:
          'Guten Tag {guestName},\n\nhier können Sie Ihren Aufenthalt vom {checkIn} bis {checkOut} vorbereiten: {link}\n\nWir freuen uns auf Sie!',
      });
      // DATEV's own sample adviser and client numbers, so the demo exports a batch at once.
      await tx.insert(accountingSettings).values({
        propertyId: property.id,
        adviserNumber: 29098,
        clientNumber: property === austria ? 55003 : 55004,
      });
      await tx.insert(settingEntries).values([
        { propertyId: property.id, key: 'payment.provider', value: 'simulator', secret: false },
        { propertyId: property.id, key: 'door.provider', value: 'simulator', secret: false },
        {
          propertyId: property.id,
          key: 'payment.stripe.secret_key',
          value: 'sk_test_demo_not_a_real_key',
          secret: true,
        },
      ]);
    }
    await seedFrontOffice(tx, austria!, { seed: 1, size: 'large' });
    await seedFrontOffice(tx, germany!, { seed: 2, size: 'small' });
    const publicUrl = options.publicUrl ?? 'http://localhost:3000';
    await seedBilling(tx, austria!, { seed: 11, invoices: 10, publicUrl });
    await seedBilling(tx, germany!, { seed: 12, invoices: 5, publicUrl });
  });
  return { adminEmail, adminPassword };
}
