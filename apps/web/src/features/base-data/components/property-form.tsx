import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCommunication } from '@pms/contract/common';
import { can } from '@pms/contract/permissions';
import { propertyCountries } from '@pms/contract/locales';
import { ZProperty, type TProperty } from '@pms/contract/properties';
import { countryName } from '../../../lib/countries.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateProperty } from '../../../shared/properties/index.ts';
import { textOrNull } from '../../../lib/form-inputs.ts';
import { OptionalLabel } from './optional-label.tsx';

const { address, bank, company } = ZProperty.shape;

// The contract's property fields; an empty optional input means null.
const ZPropertyForm = ZProperty.pick({
  name: true,
  timeZone: true,
  checkInTime: true,
  checkOutTime: true,
  bookingCodePrefix: true,
  bookingCodeSuffix: true,
  invoicePrefix: true,
  nextInvoiceNumber: true,
  paymentTermDays: true,
  reminderTermDays: true,
}).extend({
  currency: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(ZProperty.shape.currency),
  communication: z.object({
    email: textOrNull(ZCommunication.shape.email),
    phone: textOrNull(ZCommunication.shape.phone),
    website: textOrNull(ZCommunication.shape.website),
  }),
  address: z.object({
    line1: textOrNull(address.shape.line1),
    line2: textOrNull(address.shape.line2),
    postalCode: textOrNull(address.shape.postalCode),
    city: textOrNull(address.shape.city),
    country: textOrNull(address.shape.country),
  }),
  bank: z.object({
    name: textOrNull(bank.shape.name),
    iban: textOrNull(bank.shape.iban),
    bic: textOrNull(bank.shape.bic),
  }),
  company: z.object({
    name: textOrNull(company.shape.name),
    managingDirector: textOrNull(company.shape.managingDirector),
    registerNumber: textOrNull(company.shape.registerNumber),
    registerCourt: textOrNull(company.shape.registerCourt),
    taxNumber: textOrNull(company.shape.taxNumber),
    vatNumber: textOrNull(company.shape.vatNumber),
    costCenter: textOrNull(company.shape.costCenter),
  }),
});

function toFormValues(property: TProperty): z.input<typeof ZPropertyForm> {
  return {
    name: property.name,
    timeZone: property.timeZone,
    currency: property.currency,
    checkInTime: property.checkInTime,
    checkOutTime: property.checkOutTime,
    bookingCodePrefix: property.bookingCodePrefix,
    bookingCodeSuffix: property.bookingCodeSuffix,
    invoicePrefix: property.invoicePrefix,
    nextInvoiceNumber: property.nextInvoiceNumber,
    paymentTermDays: property.paymentTermDays,
    reminderTermDays: property.reminderTermDays,
    communication: {
      email: property.communication.email ?? '',
      phone: property.communication.phone ?? '',
      website: property.communication.website ?? '',
    },
    address: {
      line1: property.address.line1 ?? '',
      line2: property.address.line2 ?? '',
      postalCode: property.address.postalCode ?? '',
      city: property.address.city ?? '',
      country: property.address.country ?? '',
    },
    bank: {
      name: property.bank.name ?? '',
      iban: property.bank.iban ?? '',
      bic: property.bank.bic ?? '',
    },
    company: {
      name: property.company.name ?? '',
      managingDirector: property.company.managingDirector ?? '',
      registerNumber: property.company.registerNumber ?? '',
      registerCourt: property.company.registerCourt ?? '',
      taxNumber: property.company.taxNumber ?? '',
      vatNumber: property.company.vatNumber ?? '',
      costCenter: property.company.costCenter ?? '',
    },
  };
}

function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="border-t border-gray-100 pt-6 first:border-t-0 first:pt-0">
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{title}</legend>
        {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
        <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      </fieldset>
    </div>
  );
}

export function PropertyForm({ property }: { property: TProperty }) {
  const { t, i18n } = useTranslation();
  const canWrite = can(useCurrentUser().role, 'properties', 'write');
  const updateProperty = useUpdateProperty();
  const timeZones = useTimeZones(property.timeZone);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodFormResolver(ZPropertyForm), defaultValues: toFormValues(property) });

  const save = handleSubmit((values) =>
    updateProperty.mutate(
      {
        id: property.id,
        // Fields this form does not show (invoice e-mail, state) stay as they are.
        changes: {
          ...values,
          communication: { ...property.communication, ...values.communication },
          address: { ...property.address, ...values.address },
        },
      },
      {
        onSuccess: (saved) => {
          reset(toFormValues(saved));
          toast.success(t('baseData.property.saved'));
        },
      },
    ),
  );

  const optional = (label: string) => <OptionalLabel>{label}</OptionalLabel>;
  const bookingCodePrefix = useWatch({ control, name: 'bookingCodePrefix' });
  const bookingCodeSuffix = useWatch({ control, name: 'bookingCodeSuffix' });
  const bookingCodeExample = `${bookingCodePrefix}12345${bookingCodeSuffix}`;

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Card
        title={t('baseData.property.title')}
        description={t('baseData.property.description')}
        footer={
          canWrite && (
            <Button type="submit" isLoading={updateProperty.isPending} disabled={!isDirty}>
              {t('common.save')}
            </Button>
          )
        }
      >
        <fieldset disabled={!canWrite} className="space-y-6">
          <Section title={t('baseData.property.general')}>
            <Field label={t('baseData.property.name')} error={errors.name?.message}>
              <Input autoComplete="organization" {...register('name')} />
            </Field>
            <Field label={t('baseData.property.timeZone')} error={errors.timeZone?.message}>
              <Select {...register('timeZone')}>
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={t('baseData.property.currency')}
              description={t('baseData.property.currencyHint')}
              error={errors.currency?.message}
            >
              <Input maxLength={3} autoComplete="off" className="uppercase" {...register('currency')} />
            </Field>
            <Field label={t('baseData.property.checkInTime')} error={errors.checkInTime?.message}>
              <Input type="time" {...register('checkInTime')} />
            </Field>
            <Field label={t('baseData.property.checkOutTime')} error={errors.checkOutTime?.message}>
              <Input type="time" {...register('checkOutTime')} />
            </Field>
          </Section>
          <Section title={t('baseData.property.communication')}>
            <Field
              label={optional(t('baseData.property.email'))}
              error={errors.communication?.email?.message}
            >
              <Input type="email" autoComplete="email" {...register('communication.email')} />
            </Field>
            <Field
              label={optional(t('baseData.property.phone'))}
              error={errors.communication?.phone?.message}
            >
              <Input type="tel" autoComplete="tel" {...register('communication.phone')} />
            </Field>
            <Field
              label={optional(t('baseData.property.website'))}
              error={errors.communication?.website?.message}
            >
              <Input
                type="url"
                autoComplete="url"
                placeholder="https://"
                {...register('communication.website')}
              />
            </Field>
          </Section>
          <Section title={t('baseData.property.address')}>
            <Field label={optional(t('baseData.property.line1'))} error={errors.address?.line1?.message}>
              <Input autoComplete="address-line1" {...register('address.line1')} />
            </Field>
            <Field label={optional(t('baseData.property.line2'))} error={errors.address?.line2?.message}>
              <Input autoComplete="address-line2" {...register('address.line2')} />
            </Field>
            <Field
              label={optional(t('baseData.property.postalCode'))}
              error={errors.address?.postalCode?.message}
            >
              <Input autoComplete="postal-code" {...register('address.postalCode')} />
            </Field>
            <Field label={optional(t('baseData.property.city'))} error={errors.address?.city?.message}>
              <Input autoComplete="address-level2" {...register('address.city')} />
            </Field>
            <Field label={optional(t('baseData.property.country'))} error={errors.address?.country?.message}>
              <Select autoComplete="country" {...register('address.country')}>
                <option value="">{t('baseData.property.noCountry')}</option>
                {propertyCountries.map((country) => (
                  <option key={country} value={country}>
                    {countryName(country, i18n.language)}
                  </option>
                ))}
              </Select>
            </Field>
          </Section>
          <Section title={t('baseData.property.bank')}>
            <Field label={optional(t('baseData.property.bankName'))} error={errors.bank?.name?.message}>
              <Input autoComplete="off" {...register('bank.name')} />
            </Field>
            <Field label={optional(t('baseData.property.iban'))} error={errors.bank?.iban?.message}>
              <Input autoComplete="off" className="font-mono" {...register('bank.iban')} />
            </Field>
            <Field label={optional(t('baseData.property.bic'))} error={errors.bank?.bic?.message}>
              <Input autoComplete="off" className="font-mono" {...register('bank.bic')} />
            </Field>
          </Section>
          <Section title={t('baseData.property.company')}>
            <Field label={optional(t('baseData.property.companyName'))} error={errors.company?.name?.message}>
              <Input autoComplete="organization" {...register('company.name')} />
            </Field>
            <Field
              label={optional(t('baseData.property.managingDirector'))}
              error={errors.company?.managingDirector?.message}
            >
              <Input autoComplete="off" {...register('company.managingDirector')} />
            </Field>
            <Field
              label={optional(t('baseData.property.registerNumber'))}
              error={errors.company?.registerNumber?.message}
            >
              <Input autoComplete="off" {...register('company.registerNumber')} />
            </Field>
            <Field
              label={optional(t('baseData.property.registerCourt'))}
              error={errors.company?.registerCourt?.message}
            >
              <Input autoComplete="off" {...register('company.registerCourt')} />
            </Field>
            <Field
              label={optional(t('baseData.property.taxNumber'))}
              error={errors.company?.taxNumber?.message}
            >
              <Input autoComplete="off" {...register('company.taxNumber')} />
            </Field>
            <Field
              label={optional(t('baseData.property.vatNumber'))}
              error={errors.company?.vatNumber?.message}
            >
              <Input autoComplete="off" {...register('company.vatNumber')} />
            </Field>
            <Field
              label={optional(t('baseData.property.costCenter'))}
              error={errors.company?.costCenter?.message}
            >
              <Input autoComplete="off" {...register('company.costCenter')} />
            </Field>
          </Section>
          <Section
            title={t('baseData.property.numbering')}
            description={t('baseData.property.numberingHint', { example: bookingCodeExample })}
          >
            <Field
              label={optional(t('baseData.property.bookingCodePrefix'))}
              error={errors.bookingCodePrefix?.message}
            >
              <Input autoComplete="off" {...register('bookingCodePrefix')} />
            </Field>
            <Field
              label={optional(t('baseData.property.bookingCodeSuffix'))}
              error={errors.bookingCodeSuffix?.message}
            >
              <Input autoComplete="off" {...register('bookingCodeSuffix')} />
            </Field>
            <Field
              label={optional(t('baseData.property.invoicePrefix'))}
              error={errors.invoicePrefix?.message}
            >
              <Input autoComplete="off" {...register('invoicePrefix')} />
            </Field>
            <Field label={t('baseData.property.nextInvoiceNumber')} error={errors.nextInvoiceNumber?.message}>
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                {...register('nextInvoiceNumber', { valueAsNumber: true })}
              />
            </Field>
            <Field label={t('baseData.property.paymentTermDays')} error={errors.paymentTermDays?.message}>
              <Input
                type="number"
                min={0}
                max={365}
                inputMode="numeric"
                {...register('paymentTermDays', { valueAsNumber: true })}
              />
            </Field>
            <Field
              label={t('baseData.property.reminderTermDays')}
              description={t('baseData.property.reminderTermDaysHint')}
              error={errors.reminderTermDays?.message}
            >
              <Input
                type="number"
                min={1}
                max={90}
                inputMode="numeric"
                {...register('reminderTermDays', { valueAsNumber: true })}
              />
            </Field>
          </Section>
        </fieldset>
      </Card>
    </form>
  );
}
