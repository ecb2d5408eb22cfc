// The invoices screen: the booking's invoices with status colours, open, download and the dialog of
// the billing address (a company with its VAT ID too); a canceled invoice locks editing for all.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { countryOptions } from '@pms/contract/countries';
import type { PortalError } from '../api/client.ts';
import { portalFetch } from '../api/client.ts';
import { getInvoices, invoiceFileUrl, updateInvoice, type TPortalInvoice } from '../api/invoices.ts';
import { formatMoney } from '../format.ts';
import { useT, type TKey } from '../i18n.tsx';
import { usePortal } from '../portal-state.tsx';
import { Button, inputClass, LoadError, Loading, Notice } from '../ui.tsx';
import { InternalLink } from './home.tsx';

const statusColours: Record<string, string> = {
  paid: 'bg-green-100 text-green-900',
  open: 'bg-yellow-100 text-yellow-900',
  canceled: 'bg-red-100 text-red-900',
  draft: 'bg-gray-100 text-gray-800',
  completed: 'bg-green-100 text-green-900',
};

const fileNameOf = (invoice: TPortalInvoice) =>
  invoice.fileName ?? `${invoice.number ?? invoice.id.slice(0, 8)}.pdf`;

export default function InvoicesScreen() {
  const { linkId, property } = usePortal();
  const { t, language } = useT();
  const [invoices, setInvoices] = useState<TPortalInvoice[] | null | 'error'>(null);
  const [editing, setEditing] = useState<TPortalInvoice | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fetchInvoices = useCallback(() => {
    getInvoices().then(setInvoices, () => setInvoices('error'));
  }, []);
  const load = () => {
    setInvoices(null);
    fetchInvoices();
  };
  useEffect(fetchInvoices, [fetchInvoices]);
  const anyCanceled = Array.isArray(invoices) && invoices.some((invoice) => invoice.status === 'canceled');

  const open = async (invoice: TPortalInvoice) => {
    if (!invoice.fileId) return;
    // The tab opens at once (a popup blocker allows that) and follows the short-lived address.
    const tab = window.open('', '_blank');
    try {
      const { url } = await invoiceFileUrl(invoice.fileId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
      setNotice({ kind: 'error', text: t('error.generic') });
    }
  };
  const download = async (invoice: TPortalInvoice) => {
    if (!invoice.fileId) return;
    try {
      const blob = await (await portalFetch('GET', `/files/pms/${invoice.fileId}/content`)).blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(invoice);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setNotice({ kind: 'error', text: t('error.generic') });
    }
  };

  return (
    <>
      <div>
        <InternalLink to={`/portal/${encodeURIComponent(linkId)}`} secondary>
          {t('back')}
        </InternalLink>
      </div>
      <h1 className="text-xl font-semibold text-gray-900">{t('invoices')}</h1>
      {notice && (
        <Notice kind={notice.kind} onClose={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {anyCanceled && <Notice kind="warning">{t('canceledWarning')}</Notice>}
      {invoices === null && <Loading />}
      {invoices === 'error' && <LoadError onRetry={load} />}
      {Array.isArray(invoices) && invoices.length === 0 && (
        <p className="rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-700">
          {t('invoicesNone')}
        </p>
      )}
      {Array.isArray(invoices) && invoices.length > 0 && (
        <ul className="flex flex-col gap-3">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-gray-900">{fileNameOf(invoice)}</p>
                  <p className="text-sm text-gray-700">
                    {formatMoney(invoice.totalAmount, property.currency, language, property.country)}
                  </p>
                  {invoice.dueAmount > 0 && (
                    <p className="text-sm font-medium text-gray-900">
                      {t('invoiceDue', {
                        amount: formatMoney(invoice.dueAmount, property.currency, language, property.country),
                      })}
                    </p>
                  )}
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusColours[invoice.status] ?? statusColours.draft}`}
                >
                  {t(`invoiceStatus.${invoice.status}` as TKey)}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" disabled={!invoice.fileId} onClick={() => void open(invoice)}>
                  {t('open')}
                </Button>
                <Button variant="secondary" disabled={!invoice.fileId} onClick={() => void download(invoice)}>
                  {t('download')}
                </Button>
                {!anyCanceled && invoice.status !== 'canceled' && (
                  <Button variant="secondary" onClick={() => setEditing(invoice)}>
                    {t('edit')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <EditInvoiceDialog
          invoice={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice({ kind: 'success', text: t('invoiceUpdated') });
            load();
          }}
          onFailed={(text) => setNotice({ kind: 'error', text })}
        />
      )}
    </>
  );
}

function EditInvoiceDialog({
  invoice,
  onClose,
  onSaved,
  onFailed,
}: {
  invoice: TPortalInvoice;
  onClose: () => void;
  onSaved: () => void;
  onFailed: (text: string) => void;
}) {
  const { t, language } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const countries = useMemo(() => countryOptions(language), [language]);
  const [form, setForm] = useState({
    recipientCompany: invoice.recipientCompany ?? '',
    recipientVatId: invoice.recipientVatId ?? '',
    line1: invoice.billingAddress.line1 ?? '',
    line2: invoice.billingAddress.line2 ?? '',
    postalCode: invoice.billingAddress.postalCode ?? '',
    city: invoice.billingAddress.city ?? '',
    country: invoice.billingAddress.country ?? '',
    additionalText: invoice.additionalText ?? '',
    // A draft starts from its customer's address: an empty one means the customer has none yet.
    saveAddressToContact: !Object.values(invoice.billingAddress).some((part) => part?.trim()),
  });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const save = async () => {
    setBusy(true);
    try {
      await updateInvoice(invoice.id, {
        folioId: invoice.folioId,
        customerId: invoice.customerId,
        recipientCompany: orNull(form.recipientCompany),
        recipientVatId: orNull(form.recipientVatId),
        billingAddress: {
          ...invoice.billingAddress,
          line1: orNull(form.line1),
          line2: orNull(form.line2),
          postalCode: orNull(form.postalCode),
          city: orNull(form.city),
          country: orNull(form.country),
        },
        additionalText: orNull(form.additionalText),
        saveAddressToContact: !!invoice.customerId && form.saveAddressToContact,
      });
      onSaved();
    } catch (caught) {
      onFailed(`${t('invoiceUpdateError')}: ${(caught as PortalError).message}`);
      setBusy(false);
    }
  };
  const input = (
    key: 'recipientCompany' | 'recipientVatId' | 'line1' | 'line2' | 'postalCode' | 'city',
    label: TKey,
  ) => (
    <div>
      <label htmlFor={`invoice-${key}`} className="mb-1 block text-sm font-medium text-gray-900">
        {t(label)}
      </label>
      <input
        id={`invoice-${key}`}
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        className={inputClass}
      />
    </div>
  );
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="invoice-dialog-title"
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 backdrop:bg-black/40"
    >
      <form
        method="dialog"
        className="flex flex-col gap-3 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id="invoice-dialog-title" className="text-lg font-semibold text-gray-900">
          {t('editInvoice')}
        </h2>
        {input('recipientCompany', 'recipientCompany')}
        {input('recipientVatId', 'recipientVatId')}
        {input('line1', 'line1')}
        {input('line2', 'line2')}
        {input('postalCode', 'postalCode')}
        {input('city', 'city')}
        <div>
          <label htmlFor="invoice-country" className="mb-1 block text-sm font-medium text-gray-900">
            {t('country')}
          </label>
          <select
            id="invoice-country"
            value={form.country}
            onChange={(event) => setForm({ ...form, country: event.target.value })}
            className={inputClass}
          >
            <option value="">{t('choose')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="invoice-text" className="mb-1 block text-sm font-medium text-gray-900">
            {t('additionalText')}
          </label>
          <textarea
            id="invoice-text"
            rows={3}
            value={form.additionalText}
            onChange={(event) => setForm({ ...form, additionalText: event.target.value })}
            className={inputClass}
          />
        </div>
        {invoice.customerId && (
          <label className="flex min-h-11 items-start gap-3 text-sm text-gray-900">
            <input
              type="checkbox"
              className="mt-0.5 size-5"
              checked={form.saveAddressToContact}
              onChange={(event) => setForm({ ...form, saveAddressToContact: event.target.checked })}
            />
            <span>{t('saveAddressToContact')}</span>
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
