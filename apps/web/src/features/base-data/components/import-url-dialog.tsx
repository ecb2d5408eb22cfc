import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZSetChannelFeedRequest, type TChannelFeed } from '@pms/contract/channels';
import { emptyTo, zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useSetImportUrl } from '../api/channels.ts';

const ZImportUrlForm = z.object({ importUrl: emptyTo(null, ZSetChannelFeedRequest.shape.importUrl) });

type TImportUrlFormProps = { feed: TChannelFeed; onClose: () => void };

function ImportUrlForm({ feed, onClose }: TImportUrlFormProps) {
  const { t } = useTranslation();
  const setImportUrl = useSetImportUrl();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ importUrl: unknown }, unknown, { importUrl: string | null }>({
    resolver: zodFormResolver(ZImportUrlForm),
    defaultValues: { importUrl: feed.importUrl ?? '' },
  });

  const submit = handleSubmit(({ importUrl }) =>
    setImportUrl.mutate(
      { channelId: feed.channelId, roomId: feed.roomId, importUrl },
      successThen(t(`baseData.channels.${importUrl ? 'importSaved' : 'importCleared'}`), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={submit}
      error={setImportUrl.error}
      onCancel={onClose}
      submitLabel={t('common.save')}
      isPending={setImportUrl.isPending}
    >
      <Field
        label={t('baseData.channels.importUrl')}
        description={t('baseData.channels.importUrlHint')}
        error={errors.importUrl?.message}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          className="font-mono"
          placeholder="https://www.airbnb.com/calendar/ical/….ics"
          {...register('importUrl')}
        />
      </Field>
    </ModalForm>
  );
}

/** Sets a room's import URL for the channel; an empty field removes it. */
export function ImportUrlDialog({
  open,
  feed,
  onClose,
}: {
  open: boolean;
  feed: TChannelFeed | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={feed ? t('baseData.channels.importTitle', { room: feed.roomNumber }) : ''}
    >
      {feed && <ImportUrlForm key={feed.id} feed={feed} onClose={onClose} />}
    </Modal>
  );
}
