import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateSettingRequest } from '@pms/contract/settings';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalActions } from '../../../ui/dialog.tsx';
import { CheckboxField, Field, Input, Textarea } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
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
    createSetting.mutate(values, {
      onSuccess: () => {
        toast.success(t('settings.advanced.created'));
        onClose();
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {createSetting.isError && <Alert type="error">{errorMessage(createSetting.error)}</Alert>}
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
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isLoading={createSetting.isPending}>
          {t('common.create')}
        </Button>
      </ModalActions>
    </form>
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
