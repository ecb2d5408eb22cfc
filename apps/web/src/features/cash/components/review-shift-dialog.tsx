import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZReviewShiftRequest, type TCashShift } from '@pms/contract/cash';
import { zodFormResolver } from '../../../lib/form.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useReviewShift } from '../api/cash-actions.ts';

function ReviewForm({ shift, onClose }: { shift: TCashShift; onClose: () => void }) {
  const { t } = useTranslation();
  const reviewShift = useReviewShift();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZReviewShiftRequest), defaultValues: { note: '' } });
  const save = handleSubmit(({ note }) =>
    reviewShift.mutate({ shiftId: shift.id, note }, successThen(t('cash.review.done'), onClose)),
  );
  return (
    <ModalForm
      onSubmit={save}
      error={reviewShift.error}
      onCancel={onClose}
      submitLabel={t('cash.review.submit')}
      isPending={reviewShift.isPending}
    >
      <Field
        label={t('cash.review.note')}
        description={t('cash.review.noteHint')}
        error={errors.note?.message}
      >
        <Textarea rows={3} {...register('note')} />
      </Field>
    </ModalForm>
  );
}

/** A manager's review of a closed shift's counted difference, with a note on what was found. */
export function ReviewShiftDialog({ shift, onClose }: { shift: TCashShift | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  return (
    <Modal
      open={shift !== null}
      onClose={onClose}
      title={t('cash.review.title')}
      description={
        shift &&
        t('cash.review.description', {
          difference: formatMoney(shift.differenceAmount ?? 0),
          closedAt: shift.closedAt ? formatDateTime(shift.closedAt) : '–',
          name: shift.closedBy ?? t('cash.unknownUser'),
        })
      }
    >
      {shift && <ReviewForm key={shift.id} shift={shift} onClose={onClose} />}
    </Modal>
  );
}
