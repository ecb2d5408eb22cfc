import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IdDocumentReader, langPath } from './id-document-reader.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ids/${name}`, import.meta.url));
const today = new Date('2026-11-24T10:00:00Z');
const reader = new IdDocumentReader();
afterAll(() => reader.close());

// OCR of the committed fixture pictures (MRZ rendered in OCR-B by scripts/render-id-fixtures.ts).
describe('IdDocumentReader', () => {
  it('reads its trained data from node_modules: nothing is fetched', () => {
    expect(langPath).toMatch(/node_modules[\\/]@tesseract\.js-data[\\/]eng[\\/]4\.0\.0$/);
    expect(existsSync(`${langPath}/eng.traineddata.gz`)).toBe(true);
  });

  it('reads a clean TD3 passport', async () => {
    const analysis = await reader.analyze(fixture('td3-passport.png'), today);
    expect(analysis).toMatchObject({
      type: 'passport',
      format: 'td3',
      documentNumber: 'L898902C3',
      firstName: 'ANNA',
      middleName: 'MARIA',
      lastName: 'ERIKSSON',
      dateOfBirth: '1974-08-12',
      expirationDate: '2012-04-15',
      sex: 'female',
      isValid: true,
    });
  });

  it('reads a clean TD1 card and a German identity card', async () => {
    expect(await reader.analyze(fixture('td1-id-card.png'), today)).toMatchObject({
      type: 'id_card',
      format: 'td1',
      documentNumber: 'D23145890',
      lastName: 'ERIKSSON',
      isValid: true,
    });
    expect(await reader.analyze(fixture('german-id-card.png'), today)).toMatchObject({
      documentNumber: 'T22000129',
      firstName: 'ERIKA',
      lastName: 'MUSTERMANN',
      nationality: 'de',
      dateOfBirth: '1964-08-12',
      isValid: true,
    });
  });

  it('reads a phone photo (turned, blurred, uneven light, JPEG) without passing a misread number', async () => {
    const analysis = await reader.analyze(fixture('td3-passport-phone.jpg'), today);
    expect(analysis).toMatchObject({ firstName: 'ANNA', lastName: 'ERIKSSON', dateOfBirth: '1974-08-12' });
    // Whatever OCR made of the number, it is only checked when it is the right one.
    if (analysis?.checks.documentNumber) expect(analysis.documentNumber).toBe('L898902C3');
  });

  it('finds no zone on a picture without a document', async () => {
    expect(await reader.analyze(fixture('no-document.png'), today)).toBeNull();
  });

  it('reads one picture after the other and turns away more than eight waiting', async () => {
    const blank = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const waiting = Array.from({ length: 8 }, () => reader.analyze(blank, today));
    await expect(reader.analyze(blank, today)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 8 }, () => null));
  });
});
