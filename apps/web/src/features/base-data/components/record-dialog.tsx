import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { ModalFormActions } from '../../../ui/modal-form.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useBaseDataMutation } from '../api/base-data-mutation.ts';
import type { TRecordKind } from './record-kinds.ts';

/** What a list hands its create and edit dialog: null as the record creates a new one. */
export type TDialogState<TRecord> = { open: boolean; record: TRecord | null; onClose: () => void };

type TRecordFormProps<TInput extends FieldValues, TOutput extends FieldValues, TResult> = {
  kind: TRecordKind;
  isNew: boolean;
  onClose: () => void;
  /** The contract's request schema, adapted to the form's text inputs where needed. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  save: (values: TOutput) => Promise<TResult>;
  /** The success message, if not the kind's 'created' or 'saved'. */
  savedMessage?: (result: TResult) => string;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
};

function RecordForm<TInput extends FieldValues, TOutput extends FieldValues, TResult>({
  kind,
  isNew,
  onClose,
  schema,
  defaultValues,
  save,
  savedMessage,
  children,
}: TRecordFormProps<TInput, TOutput, TResult>) {
  const { t } = useTranslation();
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodFormResolver(schema), defaultValues });
  const saveRecord = useBaseDataMutation(save, { isErrorShownInline: true });

  const submit = form.handleSubmit((values) =>
    saveRecord.mutate(values, {
      onSuccess: (result) => {
        toast.success(savedMessage?.(result) ?? t(`baseData.${kind}.${isNew ? 'created' : 'saved'}`));
        onClose();
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {saveRecord.isError && <Alert type="error">{errorMessage(saveRecord.error)}</Alert>}
      {children(form)}
      <ModalFormActions
        onCancel={onClose}
        submitLabel={isNew ? t('common.create') : t('common.save')}
        isPending={saveRecord.isPending}
      />
    </form>
  );
}

type TRecordDialogProps<TInput extends FieldValues, TOutput extends FieldValues, TResult> = TRecordFormProps<
  TInput,
  TOutput,
  TResult
> & { open: boolean };

/**
 * The one create and edit dialog of base data: a form checked with the contract's schema, the
 * server's refusal shown above the fields, and the cached base data reloaded after saving.
 */
export function RecordDialog<TInput extends FieldValues, TOutput extends FieldValues, TResult>({
  open,
  onClose,
  ...formProps
}: TRecordDialogProps<TInput, TOutput, TResult>) {
  const { t } = useTranslation();
  const { kind, isNew } = formProps;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(`baseData.${kind}.${isNew ? 'createTitle' : 'editTitle'}`)}
    >
      <RecordForm onClose={onClose} {...formProps} />
    </Modal>
  );
}
