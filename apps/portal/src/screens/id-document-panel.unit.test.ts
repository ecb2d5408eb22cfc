import { describe, expect, it } from 'vitest';
import type { TIdDocumentAnalysis } from '@pms/contract/id-documents';
import { displayName, formDocumentType } from './id-document-panel.tsx';

const read = (patch: Partial<TIdDocumentAnalysis>) => ({ type: 'passport', ...patch }) as TIdDocumentAnalysis;

describe('displayName', () => {
  it('title-cases the upper-case names of the zone, first names before the last name', () => {
    expect(displayName(read({ firstName: 'ANNA', middleName: 'MARIA', lastName: 'ERIKSSON' }))).toBe(
      'Anna Maria Eriksson',
    );
    expect(displayName(read({ firstName: 'JEAN', middleName: null, lastName: "O'NEILL-SMITH" }))).toBe(
      "Jean O'Neill-Smith",
    );
    expect(displayName(read({ firstName: null, middleName: null, lastName: null }))).toBe('');
  });
});

describe('formDocumentType', () => {
  it('keeps passports and ID cards, and makes anything else "other"', () => {
    expect(formDocumentType(read({ type: 'passport' }))).toBe('passport');
    expect(formDocumentType(read({ type: 'id_card' }))).toBe('id_card');
    expect(formDocumentType(read({ type: 'visa' }))).toBe('other');
  });
});
