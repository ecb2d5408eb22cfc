import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mailPlaceholders, ZSaveMailTemplateRequest, type TMailTemplate } from '@pms/contract/mail';
import { zodFormResolver } from '../../../lib/form.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Field, Input, Textarea } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useSaveEmailTemplate } from '../api/save-email-template.ts';

/** The subject and text of one kind of e-mail in one language, with the placeholders it may use. */
export function EmailTemplateForm({ template, canEdit }: { template: TMailTemplate; canEdit: boolean }) {
  const { t } = useTranslation();
  const saveTemplate = useSaveEmailTemplate();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodFormResolver(ZSaveMailTemplateRequest),
    defaultValues: { subject: template.subject, text: template.text },
  });

  const save = handleSubmit((values) =>
    saveTemplate.mutate(
      { kind: template.kind, language: template.language, ...values },
      {
        onSuccess: (saved) => {
          reset({ subject: saved.subject, text: saved.text });
          toast.success(t('settings.saved'));
        },
      },
    ),
  );

  const title = `${t(`settings.emails.kinds.${template.kind}`)} · ${t(`languages.${template.language}`)}`;
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Card
        title={title}
        description={template.isDefault ? t('settings.emails.isDefault') : t('settings.emails.isOwn')}
        footer={
          canEdit && (
            <Button type="submit" isLoading={saveTemplate.isPending} disabled={!isDirty}>
              {t('common.save')}
            </Button>
          )
        }
      >
        <fieldset disabled={!canEdit} className="max-w-2xl space-y-5">
          <Field label={t('settings.emails.subject')} error={errors.subject?.message}>
            <Input {...register('subject')} />
          </Field>
          <Field label={t('settings.emails.text')} error={errors.text?.message}>
            <Textarea rows={10} {...register('text')} />
          </Field>
          <div className="text-sm text-gray-600">
            <p className="mb-2">{t('settings.emails.placeholders')}</p>
            <ul className="flex flex-wrap gap-1.5" aria-label={t('settings.emails.placeholders')}>
              {mailPlaceholders[template.kind].map((name) => (
                <li key={name}>
                  <Badge>
                    <code className="font-mono">{`{${name}}`}</code>
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        </fieldset>
      </Card>
    </form>
  );
}
