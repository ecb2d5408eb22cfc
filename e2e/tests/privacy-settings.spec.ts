import type { TContact } from '@pms/contract';
import {
  expect,
  expectAccessible,
  idCardFile,
  loginAs,
  propertyNames,
  shot,
  test,
  uniqueName,
} from './fixtures.ts';

const idPictureRule = { years: 0, months: 0, days: 7, graceMonths: 0, reference: 'DSGVO Art. 5 (1) c, e' };

test('privacy: an admin reads the retention rules with their legal references, changes one and reads the log', async ({
  page,
  adminApi,
}) => {
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: '/settings/privacy',
  });
  const rules = page.getByRole('region', { name: 'Aufbewahrungsfristen' });
  await expect(rules.getByRole('row', { name: /Meldeblätter und Unterschriften/ })).toContainText(
    'MeldeG § 10 (2), MeldeV § 19 (4)',
  );
  await expect(rules.getByRole('row', { name: /Rechnungen und Buchungsbelege/ })).toContainText(
    '7 Jahre ab Ende des Jahres',
  );
  await expect(rules.getByRole('row', { name: /Rechnungen und Buchungsbelege/ })).toContainText(
    'BAO § 132 (1)',
  );
  const log = page.getByRole('region', { name: 'Löschprotokoll' });
  await expect(log.getByRole('table', { name: 'Löschprotokoll' })).toBeVisible();

  try {
    await rules.getByRole('button', { name: 'Frist für Ausweisbilder bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Frist für Ausweisbilder' });
    await dialog.getByLabel('Rechtsgrundlage').fill('   ');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByLabel('Rechtsgrundlage')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Rechtsgrundlage').fill('DSGVO Art. 5 (1) c');
    await dialog.getByLabel('Tage').fill('10');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    const row = rules.getByRole('row', { name: /Ausweisbilder/ });
    await expect(row).toContainText('10 Tage nach Bestätigung der Daten');
    await expect(row).toContainText('DSGVO Art. 5 (1) c');
    await expectAccessible(page);
    await shot(page, 'privacy-rules');
  } finally {
    expect((await adminApi.put('/api/retention_rules/id_picture', idPictureRule)).status()).toBe(200);
  }
});

test('an ID picture is hidden in the staff area and shown only with a reason', async ({ page, adminApi }) => {
  const contact = (await (
    await adminApi.post('/api/contacts', { name: uniqueName('Ida Ausweis') })
  ).json()) as TContact;
  await loginAs(page, 'admin@example.com', undefined, {
    property: propertyNames.austria,
    path: `/contacts/${contact.id}?tab=documents`,
  });
  const panel = page.getByRole('tabpanel');
  await panel.locator('input[type=file]').setInputFiles(idCardFile);
  const document = panel.getByRole('listitem').filter({ hasText: 'id-card.png' });
  await expect(document.getByText('Ausweisbild verborgen')).toBeVisible();
  await expect(document.getByRole('img')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'id-picture-hidden');

  await document.getByRole('button', { name: 'Anzeigen id-card.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ausweisbild anzeigen' });
  await dialog.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(dialog.getByLabel('Grund')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Grund').fill('Ausweis beim Check-in vergleichen');
  await expectAccessible(page);
  const revealed = page.waitForResponse((response) => response.url().endsWith('/reveal'));
  await dialog.getByRole('button', { name: 'Anzeigen' }).click();
  expect((await revealed).status()).toBe(200);
  await expect(document.getByRole('img', { name: 'Vorschau von id-card.png' })).toBeVisible();
  await expect
    .poll(() => document.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});
