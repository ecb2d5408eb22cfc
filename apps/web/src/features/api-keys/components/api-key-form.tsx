import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZUpdateApiKeyRequest, type TApiKey } from '@pms/contract/api-keys';
import { zodFormResolver } from '../../../lib/form.ts';
import { CardForm } from '../../../ui/card-form.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { RoleOptions } from '../../../ui/role-options.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateApiKey } from '../api/update-api-key.ts';

export function ApiKeyForm({ apiKey }: { apiKey: TApiKey }) {
  const { t } = useTranslation();
  const updateApiKey = useUpdateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodFormResolver(ZUpdateApiKeyRequest),
    defaultValues: { name: apiKey.name, roleId: apiKey.roleId },
  });

  const save = handleSubmit((changes) =>
    updateApiKey.mutate(
      { id: apiKey.id, changes },
      {
        onSuccess: (saved) => {
          reset({ name: saved.name, roleId: saved.roleId });
          toast.success(t('apiKeys.saved'));
        },
      },
    ),
  );

  return (
    <CardForm
      onSubmit={save}
      title={t('apiKeys.editTitle')}
      isPending={updateApiKey.isPending}
      isDirty={isDirty}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('apiKeys.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field label={t('apiKeys.role')} error={errors.roleId?.message}>
          <Select {...register('roleId')}>
            <RoleOptions />
          </Select>
        </Field>
      </div>
    </CardForm>
  );
}
