// Checks an e-invoice XML the way an EN 16931 receiver does: against the UN/CEFACT CII D16B schema
// (xmllint-wasm) and the EN 16931 business rules (the official Schematron compiled to XSLT, run by
// SaxonJS). The official files are kept in test/fixtures/einvoice-validation (EUPL 1.2, see its README
// and licence). The XSLT is compiled to a SEF file once and cached under the repository's .tmp/ (keyed
// by the XSLT's hash), so a fresh checkout compiles it in the first test run and later runs reuse it.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const validationDir = path.join(import.meta.dirname, 'fixtures', 'einvoice-validation');
const xsdDir = path.join(validationDir, 'xsd');
const xsltFile = path.join(validationDir, 'EN16931-CII-validation.xslt');

interface TSaxon {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
}
const SaxonJS = require('saxon-js') as TSaxon;

export interface TFailedAssert {
  id: string;
  flag: string;
  text: string;
}

async function compiledRules(): Promise<unknown> {
  const xslt = await readFile(xsltFile);
  const hash = createHash('sha256').update(xslt).digest('hex').slice(0, 16);
  const cacheDir = path.join(repoRoot, '.tmp', 'einvoice-validation');
  const sef = path.join(cacheDir, `EN16931-CII-${hash}.sef.json`);
  if (!existsSync(sef)) {
    await mkdir(cacheDir, { recursive: true });
    const partial = `${sef}.${process.pid}.partial`;
    await promisify(execFile)(
      process.execPath,
      [require.resolve('xslt3/xslt3.js'), `-xsl:${xsltFile}`, `-export:${partial}`, '-nogo'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await rename(partial, sef);
  }
  return JSON.parse(await readFile(sef, 'utf8'));
}

export interface TEInvoiceValidator {
  /** XSD errors (empty when the XML is schema valid) */
  schemaErrors(xml: string): Promise<string[]>;
  /** every failed assert of the EN 16931 rules */
  failedAsserts(xml: string): TFailedAssert[];
  /** schema errors and fatal rule failures, as readable lines (empty when the invoice is valid) */
  problems(xml: string): Promise<string[]>;
}

export async function createEInvoiceValidator(): Promise<TEInvoiceValidator> {
  const stylesheet = await compiledRules();
  const schemaFiles = await Promise.all(
    [
      'CrossIndustryInvoice_100pD16B.xsd',
      'CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
      'CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
      'CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
    ].map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(xsdDir, fileName), 'utf8'),
    })),
  );
  const [main, ...imports] = schemaFiles;

  const schemaErrors = async (xml: string) => {
    const result = await validateXML({
      xml: { fileName: 'invoice.xml', contents: xml },
      schema: main!,
      preload: imports,
    });
    return result.valid ? [] : result.errors.map((e) => e.message);
  };

  const failedAsserts = (xml: string): TFailedAssert[] => {
    const svrl = SaxonJS.transform(
      { stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' },
      'sync',
    ).principalResult;
    const asserts: TFailedAssert[] = [];
    for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
      const attributes = match[1] ?? '';
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '';
      asserts.push({
        id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '',
        flag: /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? '',
        text: text.trim(),
      });
    }
    return asserts;
  };

  return {
    schemaErrors,
    failedAsserts,
    async problems(xml) {
      const fatal = failedAsserts(xml)
        .filter((a) => a.flag === 'fatal')
        .map((a) => `${a.id}: ${a.text}`);
      return [...(await schemaErrors(xml)).map((e) => `XSD: ${e}`), ...fatal];
    },
  };
}
