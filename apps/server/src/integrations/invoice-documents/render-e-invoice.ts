// The EN 16931 e-invoice: the CII XML (Factur-X / ZUGFeRD profile EN 16931) and the PDF/A-3 with
// that XML embedded as `factur-x.xml`, made by `@e-invoice-eu/core` from its UBL-shaped JSON.
//
// - The delivery date (check-out) and the stay as invoice period are always sent: without them the
//   library leaves out ApplicableHeaderTradeDelivery, which EN 16931 requires.
// - The customization id is the library's to set (it knows the profile).
// - A cancellation is a credit note (type code 381) with the cancelled amounts as positive values and
//   the reference to the cancelled invoice (InvoiceReferencedDocument); it is settled with that invoice
//   (its total as paid amount), so nothing is due.
// - The local tax (Ortstaxe) carries no VAT: it is a line of VAT category E with an exemption reason,
//   because category O may not stand beside other categories (BR-O-*). See
//   docs/decisions/096-local-tax-ortstaxe-kurtaxe-in-the-e-invoice-exempt-category.md.

import { InvoiceService, type FormatFactoryService, type Invoice } from '@e-invoice-eu/core';
import { invoiceDocumentProblems, type TInvoiceDocument, type TVatCategory } from './invoice-document.ts';
import { decimalAmount, decimalRate, documentTexts, formatDate } from './texts.ts';

export const LOCAL_TAX_EXEMPTION_REASON = {
  de: 'Ortstaxe: durchlaufender Posten im Namen und für Rechnung der Gemeinde, nicht umsatzsteuerbar',
  en: 'Local tax collected in the name and for the account of the municipality, outside the scope of VAT',
} as const;
const EXEMPTION_REASON = {
  de: 'Steuerfreie Leistung',
  en: 'VAT exempt supply',
} as const;
const CANCELLATION_TERMS = {
  de: 'Der Betrag wird mit der stornierten Rechnung verrechnet.',
  en: 'The amount is offset against the cancelled invoice.',
} as const;

type TUblObject = Record<string, unknown>;

function taxCategory(category: TVatCategory, rate: number): TUblObject {
  return {
    'cbc:ID': category,
    'cbc:Percent': decimalRate(category === 'S' ? rate : 0),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

function address(a: TInvoiceDocument['seller']['address']): TUblObject {
  return {
    'cbc:StreetName': a.line1,
    ...(a.line2 ? { 'cbc:AdditionalStreetName': a.line2 } : {}),
    'cbc:CityName': a.city,
    'cbc:PostalZone': a.postalCode,
    'cac:Country': { 'cbc:IdentificationCode': a.country },
  };
}

/**
 * The net unit price (BT-146): per piece when the net divides evenly, otherwise the whole line's net
 * for the line's quantity as price base quantity (BT-149), so price x quantity is exact.
 */
function price(netCents: number, quantity: number, currency: string): TUblObject {
  const net = Math.abs(netCents);
  if (net % quantity === 0) {
    return { 'cbc:PriceAmount': decimalAmount(net / quantity), 'cbc:PriceAmount@currencyID': currency };
  }
  return {
    'cbc:PriceAmount': decimalAmount(net),
    'cbc:PriceAmount@currencyID': currency,
    'cbc:BaseQuantity': String(quantity),
    'cbc:BaseQuantity@unitCode': 'C62',
  };
}

/** The invoice in the library's UBL-shaped JSON. Exported for tests. */
export function toEInvoiceData(doc: TInvoiceDocument): Invoice {
  // A cancellation carries negated amounts; as a credit note (381) EN 16931 wants them positive.
  const sign = doc.kind === 'cancellation' ? -1 : 1;
  const amount = (cents: number) => decimalAmount(sign * cents);
  const currency = doc.currency;
  const money = (key: string, cents: number): TUblObject => ({
    [key]: amount(cents),
    [`${key}@currencyID`]: currency,
  });
  const localTaxLines = doc.localTaxLines ?? [];
  const localTax = doc.totals.localTax;
  // The local tax is an exempt line in the e-invoice, so it counts in the lines' net (BT-106).
  const lineNets = doc.totals.net + localTax;
  // What is paid or otherwise settled (BT-113): a cancellation is settled with the cancelled invoice.
  const settled = doc.totals.gross - doc.totals.due;

  let lineId = 0;
  const invoiceLine = (line: {
    text: string;
    quantity: number;
    serviceDate: string;
    net: number;
    category: TVatCategory;
    rate: number;
  }): TUblObject => {
    const net = sign * line.net;
    // A negative line (a correction) is a negative quantity at a positive price (BR-27).
    const quantity = net < 0 ? -line.quantity : line.quantity;
    lineId += 1;
    return {
      'cbc:ID': String(lineId),
      'cbc:InvoicedQuantity': String(quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      ...money('cbc:LineExtensionAmount', line.net),
      'cac:InvoicePeriod': { 'cbc:StartDate': line.serviceDate, 'cbc:EndDate': line.serviceDate },
      'cac:Item': {
        'cbc:Name': line.text,
        'cac:ClassifiedTaxCategory': taxCategory(line.category, line.rate),
      },
      'cac:Price': price(line.net, line.quantity, currency),
    };
  };
  const lines = [
    ...doc.lines.map((l) => invoiceLine({ ...l, category: l.vatCategory, rate: l.taxRate })),
    ...localTaxLines.map((l) => invoiceLine({ ...l, net: l.amount, category: 'E', rate: 0 })),
  ];

  // VAT breakdown: the given rates, plus the local tax as exempt (merged into an exempt entry).
  const breakdown = doc.taxes.map((tax) => ({ ...tax, reason: null as string | null }));
  if (localTax !== 0) {
    const exempt = breakdown.find((b) => b.vatCategory === 'E');
    const reason = LOCAL_TAX_EXEMPTION_REASON[doc.language];
    if (exempt) {
      exempt.net += localTax;
      exempt.reason = `${EXEMPTION_REASON[doc.language]}; ${reason}`;
    } else {
      breakdown.push({ vatCategory: 'E', taxRate: 0, net: localTax, tax: 0, reason });
    }
  }
  const subtotals = breakdown.map((b) => ({
    ...money('cbc:TaxableAmount', b.net),
    ...money('cbc:TaxAmount', b.tax),
    'cac:TaxCategory': {
      ...taxCategory(b.vatCategory, b.taxRate),
      ...(b.vatCategory === 'E'
        ? { 'cbc:TaxExemptionReason': b.reason ?? EXEMPTION_REASON[doc.language] }
        : {}),
    },
  }));

  const seller = doc.seller;
  const buyer = doc.buyer;
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issueDate,
      ...(doc.dueDate ? { 'cbc:DueDate': doc.dueDate } : {}),
      'cbc:InvoiceTypeCode': doc.kind === 'cancellation' ? '381' : '380',
      ...(doc.additionalText ? { 'cbc:Note': doc.additionalText } : {}),
      'cbc:DocumentCurrencyCode': currency,
      'cac:InvoicePeriod': {
        'cbc:StartDate': doc.servicePeriod.start,
        'cbc:EndDate': doc.servicePeriod.end,
      },
      ...(doc.kind === 'cancellation' && doc.cancels
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': doc.cancels.number,
                  'cbc:IssueDate': doc.cancels.issueDate,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': seller.name },
          'cac:PostalAddress': address(seller.address),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.name,
            ...(seller.companyRegister ? { 'cbc:CompanyLegalForm': seller.companyRegister } : {}),
          },
          'cac:Contact': {
            ...(seller.phone ? { 'cbc:Telephone': seller.phone } : {}),
            'cbc:ElectronicMail': seller.email,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': buyer.name },
          'cac:PostalAddress': address(buyer.address),
          ...(buyer.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
          ...(buyer.contactPerson ? { 'cac:Contact': { 'cbc:Name': buyer.contactPerson } } : {}),
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.deliveryDate },
      ...(seller.bank
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '58',
                'cbc:PaymentID': doc.number,
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': seller.bank.iban.replace(/\s+/g, ''),
                  'cbc:Name': seller.bank.accountName ?? seller.name,
                  ...(seller.bank.bic
                    ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bank.bic } }
                    : {}),
                },
              },
            ],
          }
        : {}),
      ...(doc.kind === 'cancellation'
        ? { 'cac:PaymentTerms': { 'cbc:Note': CANCELLATION_TERMS[doc.language] } }
        : doc.dueDate
          ? {
              'cac:PaymentTerms': {
                'cbc:Note': documentTexts[doc.language].payableBy(formatDate(doc.dueDate, doc.language)),
              },
            }
          : {}),
      'cac:TaxTotal': [{ ...money('cbc:TaxAmount', doc.totals.tax), 'cac:TaxSubtotal': subtotals }],
      'cac:LegalMonetaryTotal': {
        ...money('cbc:LineExtensionAmount', lineNets),
        ...money('cbc:TaxExclusiveAmount', lineNets),
        ...money('cbc:TaxInclusiveAmount', doc.totals.gross),
        ...(settled !== 0 ? money('cbc:PrepaidAmount', settled) : {}),
        ...money('cbc:PayableAmount', doc.totals.due),
      },
      'cac:InvoiceLine': lines,
    },
  };
  return invoice as unknown as Invoice;
}

type TCiiTree = Record<string, Record<string, Record<string, Record<string, unknown>>>>;
type TFormatter = ReturnType<FormatFactoryService['createFormatService']> & {
  postProcess?: (cii: TCiiTree) => void;
  attachFacturX?: (pdfDoc: unknown, options: unknown, xml: string) => Promise<void>;
};

/**
 * Writes the cancelled invoice's reference (BT-25, BT-26) into the CII tree. The library (2.3.x)
 * maps it from `cac:BillingReference/cbc:ID` instead of the `cac:InvoiceDocumentReference/cbc:ID` its
 * own schema demands, so it drops it, and it would write the date in the `udt` namespace where the
 * CII schema wants `qdt`. The tests check the reference, so a library update is noticed.
 */
function addCancelledInvoiceReference(cii: TCiiTree, cancels: { number: string; issueDate: string }): void {
  const settlement =
    cii['rsm:CrossIndustryInvoice']?.['rsm:SupplyChainTradeTransaction']?.[
      'ram:ApplicableHeaderTradeSettlement'
    ];
  if (!settlement) throw new Error('e-invoice: no ApplicableHeaderTradeSettlement');
  delete settlement['ram:InvoiceReferencedDocument'];
  settlement['ram:InvoiceReferencedDocument'] = {
    'ram:IssuerAssignedID': cancels.number,
    'ram:FormattedIssueDateTime': {
      'qdt:DateTimeString': cancels.issueDate.replaceAll('-', ''),
      'qdt:DateTimeString@format': '102',
    },
  };
}

/**
 * Hooks into the Factur-X formatter the library creates: its `postProcess` (which shapes the CII
 * tree) adds a cancellation's reference, and its `attachFacturX` (which embeds the XML it has just
 * written) hands that XML over, so one pass writes the XML once for both the file and the PDF.
 */
function hookFormatter(service: InvoiceService, doc: TInvoiceDocument, onXml: (xml: string) => void): void {
  const cancels = doc.kind === 'cancellation' ? doc.cancels : null;
  const factory = Reflect.get(service, 'formatFactoryService') as FormatFactoryService;
  const createFormatService = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => {
    const formatter = createFormatService(format, logger) as TFormatter;
    const postProcess = formatter.postProcess?.bind(formatter);
    const attachFacturX = formatter.attachFacturX?.bind(formatter);
    if (!postProcess) throw new Error('e-invoice: the library has no postProcess hook any more');
    if (!attachFacturX)
      throw new Error('e-invoice: the library no longer embeds the XML through attachFacturX');
    formatter.postProcess = (cii) => {
      postProcess(cii);
      if (cancels) addCancelledInvoiceReference(cii, cancels);
    };
    formatter.attachFacturX = async (pdfDoc, options, xml) => {
      onXml(xml);
      await attachFacturX(pdfDoc, options, xml);
    };
    return formatter;
  };
}

const silentLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The e-invoice of a rendered invoice PDF: the CII XML and the PDF/A-3 that embeds it as
 * `factur-x.xml`, written in one pass of the library (the XML kept is the one embedded).
 */
export async function renderEInvoice(
  doc: TInvoiceDocument,
  pdf: Buffer,
): Promise<{ xml: string; pdf: Buffer }> {
  const problems = invoiceDocumentProblems(doc);
  if (problems.length > 0) {
    throw new Error(`e-invoice ${doc.number}: the document does not add up: ${problems.join('; ')}`);
  }
  const service = new InvoiceService(silentLogger);
  let xml: string | null = null;
  hookFormatter(service, doc, (written) => {
    xml = written;
  });
  const hybrid = await service.generate(toEInvoiceData(doc), {
    format: 'Factur-X-EN16931',
    lang: doc.language === 'de' ? 'de-de' : 'en-gb',
    noWarnings: true,
    pdf: {
      buffer: new Uint8Array(pdf),
      filename: `${doc.number}.pdf`,
      mimetype: 'application/pdf',
    },
  });
  if (xml === null || typeof hybrid === 'string') {
    throw new Error('e-invoice: unexpected output of the e-invoice library');
  }
  return { xml, pdf: Buffer.from(hybrid) };
}
