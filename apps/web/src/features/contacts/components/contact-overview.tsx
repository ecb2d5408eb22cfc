import { useTranslation } from 'react-i18next';
import type { TContact } from '@pms/contract/contacts';
import { countryName } from '../../../lib/countries.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { FactList, type TFact } from '../../../ui/fact-list.tsx';

const linkClasses = 'text-primary-700 hover:underline';

/** A website as typed, made a link; an address without a scheme is taken as https. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function ContactOverview({ contact }: { contact: TContact }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  const nameOf = (code: string | null | undefined) => (code ? countryName(code, i18n.language) : null);
  const { address, company } = contact;
  const isPerson = contact.type === 'person';

  const general: TFact[] = [
    { label: t('contacts.type'), value: t(`contacts.types.${contact.type}`) },
    ...(isPerson
      ? [
          { label: t('contacts.gender'), value: t(`contacts.genders.${contact.gender}`) },
          {
            label: t('contacts.dateOfBirth'),
            value: contact.dateOfBirth && formatDate(contact.dateOfBirth),
          },
          { label: t('contacts.nationality'), value: nameOf(contact.nationality) },
        ]
      : []),
    { label: t('contacts.language'), value: contact.language && t(`languages.${contact.language}`) },
    { label: t('contacts.isDebtor'), value: contact.isDebtor ? t('contacts.yes') : t('contacts.no') },
    { label: t('common.created'), value: formatDateTime(contact.createdAt) },
    { label: t('contacts.updated'), value: formatDateTime(contact.updatedAt) },
  ];

  const communication: TFact[] = [
    {
      label: t('contacts.email'),
      value: contact.email && (
        <a href={`mailto:${contact.email}`} className={linkClasses}>
          {contact.email}
        </a>
      ),
    },
    {
      label: t('contacts.invoiceEmail'),
      value: contact.invoiceEmail && (
        <a href={`mailto:${contact.invoiceEmail}`} className={linkClasses}>
          {contact.invoiceEmail}
        </a>
      ),
    },
    {
      label: t('contacts.phone'),
      value: contact.phone && (
        <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className={linkClasses}>
          {contact.phone}
        </a>
      ),
    },
    {
      label: t('contacts.website'),
      value: contact.website && (
        <a href={websiteHref(contact.website)} target="_blank" rel="noreferrer" className={linkClasses}>
          {contact.website}
        </a>
      ),
    },
  ];

  const addressLines = [
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    nameOf(address.country),
  ].filter(Boolean);

  const companyFacts: TFact[] = [
    { label: t('contacts.companyName'), value: company.name },
    { label: t('contacts.managingDirector'), value: company.managingDirector },
    { label: t('contacts.vatNumber'), value: company.vatNumber },
    { label: t('contacts.taxNumber'), value: company.taxNumber },
    { label: t('contacts.registrationNumber'), value: company.registrationNumber },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t('contacts.sections.general')}>
        <FactList facts={general} />
      </Card>
      <Card title={t('contacts.sections.communication')}>
        <FactList facts={communication} />
      </Card>
      <Card title={t('contacts.sections.address')}>
        {addressLines.length > 0 ? (
          <address className="text-sm leading-6 text-gray-900 not-italic">
            {addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p className="text-sm text-gray-500">{t('contacts.noAddress')}</p>
        )}
      </Card>
      {!isPerson && (
        <Card title={t('contacts.sections.company')}>
          <FactList facts={companyFacts} />
        </Card>
      )}
    </div>
  );
}
