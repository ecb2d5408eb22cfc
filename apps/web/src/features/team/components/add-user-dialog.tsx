import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateUserRequest, type TCreateUserResponse } from '@pms/contract/users';
import { zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { RoleOptions } from '../../../ui/role-options.tsx';
import { useCreateUser } from '../api/create-user.ts';

type TAddUserDialogProps = {
  open: boolean;
  onClose: () => void;
  onAdded: (user: TCreateUserResponse) => void;
};

function AddUserForm({ onClose, onAdded }: Omit<TAddUserDialogProps, 'open'>) {
  const { t } = useTranslation();
  const createUser = useCreateUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCreateUserRequest),
    defaultValues: { email: '', name: '', roleId: 'staff' },
  });

  const save = handleSubmit((values) => createUser.mutate(values, { onSuccess: onAdded }));

  return (
    <ModalForm
      onSubmit={save}
      error={createUser.error}
      onCancel={onClose}
      submitLabel={t('team.add')}
      isPending={createUser.isPending}
    >
      <Field label={t('team.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...register('email')} />
      </Field>
      <Field label={t('team.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Field label={t('team.role')} error={errors.roleId?.message}>
        <Select {...register('roleId')}>
          <RoleOptions />
        </Select>
      </Field>
    </ModalForm>
  );
}

export function AddUserDialog({ open, onClose, onAdded }: TAddUserDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('team.addTitle')} description={t('team.addDescription')}>
      <AddUserForm onClose={onClose} onAdded={onAdded} />
    </Modal>
  );
}
