import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZHexColor } from '@pms/contract/branding';
import {
  channelConflictModes,
  defaultBlockedSummaries,
  ZCreateChannelRequest,
  type TChannel,
} from '@pms/contract/channels';
import { zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { CheckboxField, ColourInput, Field, Input, Select, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useSaveChannel } from '../api/channels.ts';

const dtendMeanings = ['checkOut', 'lastNight'] as const;

/** The channel's settings as the form holds them: the blocked summaries one per line. */
const ZChannelForm = z.object({
  name: ZCreateChannelRequest.shape.name,
  color: ZHexColor,
  blockedSummaries: z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).max(20)),
  dtend: z.enum(dtendMeanings),
  conflictMode: z.enum(channelConflictModes),
  isZeroPriced: z.boolean(),
});

function formValues(channel: TChannel | null): z.input<typeof ZChannelForm> {
  return {
    name: channel?.name ?? '',
    color: channel?.color ?? '#ff5a5f',
    blockedSummaries: (channel?.blockedSummaries ?? defaultBlockedSummaries).join('\n'),
    dtend: channel && !channel.dtendIsCheckOut ? 'lastNight' : 'checkOut',
    conflictMode: channel?.conflictMode ?? 'mark',
    isZeroPriced: channel?.isZeroPriced ?? false,
  };
}

type TChannelFormProps = { channel: TChannel | null; onClose: () => void };

function ChannelForm({ channel, onClose }: TChannelFormProps) {
  const { t } = useTranslation();
  const save = useSaveChannel(channel?.id ?? null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZChannelForm), defaultValues: formValues(channel) });

  const submit = handleSubmit(({ dtend, ...values }) =>
    save.mutate(
      { ...values, dtendIsCheckOut: dtend === 'checkOut' },
      successThen(t(`baseData.channels.${channel ? 'saved' : 'created'}`), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={submit}
      error={save.error}
      onCancel={onClose}
      submitLabel={channel ? t('common.save') : t('common.create')}
      isPending={save.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_auto]">
        <Field label={t('baseData.channels.name')} error={errors.name?.message}>
          <Input autoComplete="off" placeholder="Airbnb" {...register('name')} />
        </Field>
        <Field label={t('baseData.channels.color')} error={errors.color?.message}>
          <ColourInput {...register('color')} />
        </Field>
      </div>
      <Field
        label={t('baseData.channels.blockedSummaries')}
        description={t('baseData.channels.blockedSummariesHint')}
        error={errors.blockedSummaries?.message}
      >
        <Textarea rows={3} className="font-mono" {...register('blockedSummaries')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('baseData.channels.dtend')} error={errors.dtend?.message}>
          <Select {...register('dtend')}>
            <option value="checkOut">{t('baseData.channels.dtendCheckOut')}</option>
            <option value="lastNight">{t('baseData.channels.dtendLastNight')}</option>
          </Select>
        </Field>
        <Field label={t('baseData.channels.conflictMode')} error={errors.conflictMode?.message}>
          <Select {...register('conflictMode')}>
            {channelConflictModes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`baseData.channels.conflictModes.${mode}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <CheckboxField
        label={t('baseData.channels.isZeroPriced')}
        description={t('baseData.channels.isZeroPricedHint')}
        {...register('isZeroPriced')}
      />
    </ModalForm>
  );
}

/** Adds a channel (null) or edits one: name, colour, what means blocked, DTEND, conflicts, price. */
export function ChannelDialog({ open, channel, onClose }: TChannelFormProps & { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(`baseData.channels.${channel ? 'editTitle' : 'createTitle'}`)}
    >
      <ChannelForm key={channel?.id ?? 'new'} channel={channel} onClose={onClose} />
    </Modal>
  );
}
