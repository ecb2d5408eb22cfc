import { parse, type Details, type ParseResult } from 'mrz';
import isoCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import {
  ZCountry,
  ZIsoDate,
  type TGender,
  type TIdDocumentAnalysis,
  type TIdDocumentType,
} from '@pms/contract';

/** Line lengths and counts of the ICAO 9303 layouts, largest first. */
const layouts = [
  { format: 'td3', length: 44, lines: 2 },
  { format: 'td2', length: 36, lines: 2 },
  { format: 'td1', length: 30, lines: 3 },
] as const;

/** How far an OCR line may miss its layout's length: fillers (`<`) are dropped or doubled. */
const lengthSlack = 3;

/**
 * Letters OCR reads for the digits they resemble. They are retried only towards the digit, in numeric
 * positions: dates and check digits (the parser's autocorrection) and the document number when its
 * check digit fails. Turning digits into letters as well would make nearly any misread number pass
 * its check digit (one in ten does by chance), so a number read with a digit for a letter stays
 * unchecked. Names carry no check digit and stay as read.
 */
const letterDigits: Record<string, string> = { O: '0', I: '1', Z: '2', S: '5', B: '8' };

/** Countries whose zone code is not their ISO alpha-3 code. */
const specialStates: Record<string, string> = {
  D: 'de',
  GBD: 'gb',
  GBN: 'gb',
  GBO: 'gb',
  GBP: 'gb',
  GBS: 'gb',
  RKS: 'xk',
};
const alpha3ToAlpha2 = new Map<string, string>(
  isoCodes.map(([alpha2, alpha3]) => [alpha3!, alpha2!.toLowerCase()]),
);

/** The ICAO 9303 check digit of a field: weights 7, 3, 1 over digits, letters (A = 10) and fillers (0). */
export function checkDigit(field: string): string {
  let sum = 0;
  for (const [index, char] of [...field].entries()) {
    const value = char === '<' ? 0 : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * [7, 3, 1][index % 3]!;
  }
  return String(sum % 10);
}

/**
 * Reads the machine readable zone out of OCR text: the first run of lines shaped like a TD3, TD2 or TD1
 * zone that the MRZ parser accepts, with the document number retried against its check digit.
 * Null when the text holds no zone.
 */
export function readMachineZone(text: string, today: Date): TIdDocumentAnalysis | null {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/[^A-Z0-9<]/g, ''))
    .filter((line) => line.length >= layouts[2].length - lengthSlack);
  for (const layout of layouts) {
    const result = bestReading(lines, layout.length, layout.lines);
    if (result) return toAnalysis(result, today);
  }
  return null;
}

/** Of the runs of lines that parse as a zone of this layout, the one with the most check digits passed. */
function bestReading(lines: string[], length: number, count: number): ParseResult | null {
  let best: ParseResult | null = null;
  let bestScore = -1;
  for (let first = 0; first + count <= lines.length; first++) {
    for (const candidate of fitLines(lines.slice(first, first + count), length)) {
      const result = parseZone(candidate);
      if (!result) continue;
      const score = result.details.filter((detail) => isCheckDigit(detail) && detail.valid).length;
      if (score > bestScore) {
        best = result;
        bestScore = score;
      }
    }
  }
  return best;
}

/** The ways OCR lines can be brought to a layout's exact length, or none when they are too far off. */
function fitLines(lines: string[], length: number): string[][] {
  if (lines.some((line) => Math.abs(line.length - length) > lengthSlack)) return [];
  const variants = lines.map((line): string[] => {
    if (line.length === length) return [line];
    if (line.length < length) return [line + '<'.repeat(length - line.length)];
    // Stray characters before the zone (a frame read as a letter) or fillers read twice at its end.
    return [...new Set([line.slice(0, length), line.slice(line.length - length)])];
  });
  return variants.reduce<string[][]>(
    (combinations, options) =>
      combinations.flatMap((combination) => options.map((option) => [...combination, option])),
    [[]],
  );
}

function isCheckDigit(detail: Details): boolean {
  return detail.field?.endsWith('CheckDigit') ?? false;
}

function detailOf(result: ParseResult, field: string): Details | undefined {
  return result.details.find((detail) => detail.field === field);
}

/** Parses exact-length lines, retrying the document number's confusable characters; null if no zone. */
function parseZone(lines: string[]): ParseResult | null {
  const result = tryParse(lines);
  if (!result || !['TD1', 'TD2', 'TD3'].includes(result.format)) return null;
  const numberCheck = detailOf(result, 'documentNumberCheckDigit');
  if (!numberCheck || numberCheck.valid) return result;
  return retryDocumentNumber(lines, result) ?? result;
}

function tryParse(lines: string[]): ParseResult | null {
  try {
    return parse(lines, { autocorrect: true });
  } catch {
    return null;
  }
}

/**
 * The document number with the fewest letters read back as digits (O/0, I/1, Z/2, S/5, B/8) for which
 * its check digit and the composite check digit pass; none when no such number, or two different ones,
 * exist, so a misread number is never reported as checked.
 */
function retryDocumentNumber(lines: string[], result: ParseResult): ParseResult | null {
  const number = detailOf(result, 'documentNumber');
  const numberCheck = detailOf(result, 'documentNumberCheckDigit');
  if (!number || !numberCheck) return null;
  const line = lines[number.line]!;
  const read = line.slice(number.start, number.end);
  // The check digit position is numeric: the parser has already read it as a digit.
  const expected = numberCheck.value ?? '';
  if (!/^\d$/.test(expected)) return null;
  let found: { lines: string[]; swaps: number; result: ParseResult }[] = [];
  for (const { text, swaps } of confusionVariants(read)) {
    if (swaps === 0 || checkDigit(text) !== expected) continue;
    if (found.length > 0 && swaps > found[0]!.swaps) continue;
    const fixed = lines.with(number.line, line.slice(0, number.start) + text + line.slice(number.end));
    const fixedResult = tryParse(fixed);
    if (!fixedResult || !detailOf(fixedResult, 'documentNumberCheckDigit')?.valid) continue;
    if (detailOf(fixedResult, 'compositeCheckDigit')?.valid === false) continue;
    if (found.length > 0 && swaps < found[0]!.swaps) found = [];
    found.push({ lines: fixed, swaps, result: fixedResult });
  }
  return found.length === 1 ? found[0]!.result : null;
}

/** Every spelling of `text` with any of its digit-like letters read as digits, with the number of swaps. */
function confusionVariants(text: string): { text: string; swaps: number }[] {
  return [...text].reduce<{ text: string; swaps: number }[]>(
    (variants, char) =>
      variants.flatMap((variant) => {
        const swapped = letterDigits[char];
        const kept = { text: variant.text + char, swaps: variant.swaps };
        return swapped ? [kept, { text: variant.text + swapped, swaps: variant.swaps + 1 }] : [kept];
      }),
    [{ text: '', swaps: 0 }],
  );
}

function toAnalysis(result: ParseResult, today: Date): TIdDocumentAnalysis {
  const value = (field: string): string | null => {
    const text = detailOf(result, field)?.value?.trim();
    return text ? text : null;
  };
  const isValid = (field: string): boolean => detailOf(result, field)?.valid ?? false;
  const givenNames = value('firstName')?.split(/\s+/) ?? [];
  const checks = {
    documentNumber: isValid('documentNumberCheckDigit'),
    dateOfBirth: isValid('birthDateCheckDigit'),
    expirationDate: isValid('expirationDateCheckDigit'),
    composite: isValid('compositeCheckDigit'),
  };
  return {
    type: documentType(value('documentCode')),
    format: result.format.toLowerCase() as TIdDocumentAnalysis['format'],
    documentNumber: value('documentNumber')?.replaceAll('<', '') || null,
    firstName: givenNames[0] ?? null,
    middleName: givenNames.slice(1).join(' ') || null,
    lastName: value('lastName'),
    dateOfBirth: zoneDate(value('birthDate'), today, 'past'),
    dateOfIssue: null,
    expirationDate: zoneDate(value('expirationDate'), today, 'future'),
    address: null,
    city: null,
    postalCode: null,
    state: null,
    nationality: country(value('nationality')),
    sex: sex(value('sex')),
    issuingCountry: country(value('issuingState')),
    checks,
    isValid: Object.values(checks).every(Boolean),
  };
}

function documentType(code: string | null): TIdDocumentType {
  switch (code?.[0]) {
    case 'P':
      return 'passport';
    case 'I':
    case 'A':
    case 'C':
      return 'id_card';
    case 'V':
      return 'visa';
    default:
      return 'other';
  }
}

function sex(value: string | null): TGender | null {
  if (value === 'male' || value === 'female') return value;
  return value === 'nonspecified' ? 'unspecified' : null;
}

function country(code: string | null): string | null {
  if (!code) return null;
  const alpha2 = specialStates[code] ?? alpha3ToAlpha2.get(code);
  return alpha2 && ZCountry.safeParse(alpha2).success ? alpha2 : null;
}

/**
 * A YYMMDD date of the zone as an ISO date. Birth dates lie in the past (a year after this one is the
 * last century); expiry dates within the next 20 years are this century's.
 */
export function zoneDate(value: string | null, today: Date, direction: 'past' | 'future'): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const thisYear = today.getUTCFullYear();
  const yy = Number(value.slice(0, 2));
  const century = Math.floor(thisYear / 100) * 100;
  let year = century + yy;
  if (direction === 'past' && year > thisYear) year -= 100;
  if (direction === 'future' && year > thisYear + 20) year -= 100;
  const iso = `${year}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  return ZIsoDate.safeParse(iso).success ? iso : null;
}
