import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ArrowTopRightOnSquareIcon, EyeIcon, IdentificationIcon } from '@heroicons/react/24/outline';
import type { TContactDocument } from '@pms/contract/contacts';
import { ZRevealFileRequest } from '@pms/contract/retention';
import { zodFormResolver } from '../../../lib/form.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { useRevealContactFile } from '../api/reveal-contact-file.ts';

function RevealForm({
  contactId,
  file,
  onRevealed,
  onClose,
}: {
  contactId: string;
  file: TContactDocument;
  onRevealed: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reveal = useRevealContactFile(contactId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZRevealFileRequest), defaultValues: { reason: '' } });
  const save = handleSubmit(({ reason }) =>
    reveal.mutate(
      { fileId: file.id, reason },
      {
        onSuccess: ({ url }) => {
          onRevealed(url);
          onClose();
        },
      },
    ),
  );
  return (
    <ModalForm
      onSubmit={save}
      error={reveal.error}
      onCancel={onClose}
      submitLabel={t('contacts.documents.show')}
      isPending={reveal.isPending}
    >
      <Field
        label={t('contacts.documents.reason')}
        description={t('contacts.documents.reasonHint')}
        error={errors.reason?.message}
      >
        <Textarea rows={2} {...register('reason')} />
      </Field>
    </ModalForm>
  );
}

/**
 * An ID picture as the staff area shows it (decision 194): a placeholder until someone gives a reason
 * to see it; the reason is kept in the contact's history, then the picture shows for a few minutes.
 */
export function IdPicture({
  contactId,
  file,
  hasPreview,
}: {
  contactId: string;
  file: TContactDocument;
  hasPreview: boolean;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  if (url && hasPreview)
    return (
      <a href={url} target="_blank" rel="noreferrer" className="block size-full">
        <img
          src={url}
          alt={t('contacts.documents.preview', { name: file.name })}
          className="size-full object-contain"
        />
      </a>
    );
  return (
    <div className="flex flex-col items-center gap-2 px-3 text-center">
      <IdentificationIcon aria-hidden="true" className="size-10 text-gray-300" />
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4" />
          {t('contacts.documents.open')}
        </a>
      ) : (
        <>
          <p className="text-xs text-gray-500">{t('contacts.documents.hidden')}</p>
          <Button variant="secondary" size="sm" icon={EyeIcon} onClick={() => setIsAsking(true)}>
            {t('contacts.documents.show')}
            <span className="sr-only">{file.name}</span>
          </Button>
        </>
      )}
      <Modal
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={t('contacts.documents.revealTitle')}
        description={t('contacts.documents.revealText')}
      >
        <RevealForm
          contactId={contactId}
          file={file}
          onRevealed={setUrl}
          onClose={() => setIsAsking(false)}
        />
      </Modal>
    </div>
  );
}
