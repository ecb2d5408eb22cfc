import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TContact } from '@pms/contract/contacts';
import { ZUpdateFolioRequest } from '@pms/contract/folios';
import { zodFormResolver } from '../../lib/form.ts';
import { Modal } from '../../ui/dialog.tsx';
import { CheckboxField, Field, Input } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { successThen } from '../../ui/toast.tsx';
import { textOrNull } from '../../lib/form-inputs.ts';
import { ContactPicker } from '../contacts/index.ts';
import { useCreateFolio } from './folio-mutations.ts';
import type { TFolioOwner } from './get-folios.ts';

// The create request is refined (booking or group), so the form extends the plain update fields.
const ZFolioForm = ZUpdateFolioRequest.extend({ name: textOrNull(ZUpdateFolioRequest.shape.name) });

type TAddFolioFormProps = { owner: TFolioOwner; isGroupFolio: boolean; onClose: () => void };

function AddFolioForm({ owner, isGroupFolio, onClose }: TAddFolioFormProps) {
  const { t } = useTranslation();
  const createFolio = useCreateFolio();
  const [customer, setCustomer] = useState<TContact | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZFolioForm),
    defaultValues: { name: '', isVirtualPayment: false },
  });

  const save = handleSubmit((values) =>
    createFolio.mutate(
      // Without a recipient the folio bills the booking's (or group's) customer.
      { ...owner, ...values, ...(customer ? { customerId: customer.id } : {}) },
      successThen(t('billing.addFolio.created'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={createFolio.error}
      onCancel={onClose}
      submitLabel={t('common.create')}
      isPending={createFolio.isPending}
    >
      <Field
        label={t('billing.addFolio.name')}
        error={errors.name?.message}
        description={t(isGroupFolio ? 'billing.addFolio.groupNameHint' : 'billing.addFolio.nameHint')}
      >
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <ContactPicker
        label={t('billing.addFolio.customer')}
        description={t('billing.addFolio.customerHint')}
        value={customer}
        onChange={setCustomer}
      />
      <CheckboxField
        label={t('billing.folios.virtualPayment')}
        description={t('billing.folios.virtualPaymentHint')}
        {...register('isVirtualPayment')}
      />
    </ModalForm>
  );
}

type TAddFolioDialogProps = { open: boolean; owner: TFolioOwner; onClose: () => void };

/** A new folio to split the bill (a booking's), or the group's folio, with its recipient. */
export function AddFolioDialog({ open, owner, onClose }: TAddFolioDialogProps) {
  const { t } = useTranslation();
  const isGroupFolio = 'groupId' in owner;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(isGroupFolio ? 'billing.addFolio.groupTitle' : 'billing.addFolio.title')}
      description={t(isGroupFolio ? 'billing.addFolio.groupDescription' : 'billing.addFolio.description')}
    >
      {open && <AddFolioForm owner={owner} isGroupFolio={isGroupFolio} onClose={onClose} />}
    </Modal>
  );
}
