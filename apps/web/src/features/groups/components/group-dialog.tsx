import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateGroupRequest, type TContact, type TGroup } from '@pms/contract/contacts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { ModalFormActions } from '../../../ui/modal-form.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { ContactPicker } from '../../../shared/contacts/index.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';

type TGroupDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The group to edit (with its customer); without one the dialog creates a group. */
  group?: TGroup;
  onSaved: (group: TGroup) => void;
};

function GroupForm({ group, onClose, onSaved }: Omit<TGroupDialogProps, 'open'>) {
  const { t } = useTranslation();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const mutation = group ? updateGroup : createGroup;
  const [customer, setCustomer] = useState<TContact | null>(group?.customer ?? null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCreateGroupRequest),
    defaultValues: { name: group?.name ?? '', customerId: group?.customerId ?? null },
  });

  const pickCustomer = (contact: TContact | null) => {
    setCustomer(contact);
    setValue('customerId', contact?.id ?? null, { shouldDirty: true });
  };

  const save = handleSubmit((values) => {
    if (group) updateGroup.mutate({ id: group.id, group: values }, { onSuccess: onSaved });
    else createGroup.mutate(values, { onSuccess: onSaved });
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {mutation.isError && <Alert type="error">{errorMessage(mutation.error)}</Alert>}
      <Field label={t('groups.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <ContactPicker
        label={t('groups.customer')}
        description={t('groups.customerHint')}
        value={customer}
        onChange={pickCustomer}
        error={errors.customerId?.message}
      />
      <ModalFormActions
        onCancel={onClose}
        submitLabel={group ? t('common.save') : t('common.create')}
        isPending={mutation.isPending}
      />
    </form>
  );
}

/** Creates a group or renames one and changes its customer. */
export function GroupDialog({ open, onClose, group, onSaved }: TGroupDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={group ? t('groups.editTitle') : t('groups.createTitle')}>
      <GroupForm group={group} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}
