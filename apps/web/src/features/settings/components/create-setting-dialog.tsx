import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateSettingRequest } from '@pms/contract/settings';
import { zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { CheckboxField, Field, Input, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useCreateSetting } from '../api/create-setting.ts';

function CreateSettingForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const createSetting = useCreateSetting();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCreateSettingRequest),
    defaultValues: { key: '', value: '', secret: false },
  });

  const save = handleSubmit((values) =>
    createSetting.mutate(values, successThen(t('settings.advanced.created'), onClose)),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={createSetting.error}
      onCancel={onClose}
      submitLabel={t('common.create')}
      isPending={createSetting.isPending}
    >
      <Field
        label={t('settings.advanced.key')}
        description={t('settings.advanced.keyHint')}
        error={errors.key?.message}
      >
        <Input className="font-mono" autoComplete="off" spellCheck={false} {...register('key')} />
      </Field>
      <Field label={t('settings.advanced.value')} error={errors.value?.message}>
        <Textarea rows={3} className="font-mono" spellCheck={false} {...register('value')} />
      </Field>
      <CheckboxField
        label={t('settings.advanced.secret')}
        description={t('settings.advanced.secretHint')}
        {...register('secret')}
      />
    </ModalForm>
  );
}

export function CreateSettingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('settings.advanced.createTitle')}>
      <CreateSettingForm onClose={onClose} />
    </Modal>
  );
}
