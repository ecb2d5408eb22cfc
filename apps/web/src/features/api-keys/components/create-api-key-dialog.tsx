import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateApiKeyRequest, type TCreatedApiKey } from '@pms/contract/api-keys';
import { emptyTo, zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { RoleOptions } from '../../../ui/role-options.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';

const ZCreateApiKeyForm = ZCreateApiKeyRequest.extend({
  secret: emptyTo(undefined, ZCreateApiKeyRequest.shape.secret),
});

type TCreateApiKeyDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (apiKey: TCreatedApiKey) => void;
};

function CreateApiKeyForm({ onClose, onCreated }: Omit<TCreateApiKeyDialogProps, 'open'>) {
  const { t } = useTranslation();
  const createApiKey = useCreateApiKey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCreateApiKeyForm),
    defaultValues: { name: '', roleId: 'staff', secret: '' },
  });

  const save = handleSubmit((values) => createApiKey.mutate(values, { onSuccess: onCreated }));

  return (
    <ModalForm
      onSubmit={save}
      error={createApiKey.error}
      onCancel={onClose}
      submitLabel={t('common.create')}
      isPending={createApiKey.isPending}
    >
      <Field label={t('apiKeys.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Field label={t('apiKeys.role')} description={t('apiKeys.roleHint')} error={errors.roleId?.message}>
        <Select {...register('roleId')}>
          <RoleOptions />
        </Select>
      </Field>
      <Field
        label={t('apiKeys.ownSecret')}
        description={t('apiKeys.ownSecretHint')}
        error={errors.secret?.message}
      >
        <Input type="password" autoComplete="new-password" className="font-mono" {...register('secret')} />
      </Field>
    </ModalForm>
  );
}

export function CreateApiKeyDialog({ open, onClose, onCreated }: TCreateApiKeyDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('apiKeys.createTitle')}>
      <CreateApiKeyForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}
