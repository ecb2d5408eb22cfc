import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message.ts';
import { Alert } from './alert.tsx';
import { Button, type TButtonVariant } from './button.tsx';
import { ModalActions } from './dialog.tsx';

type TModalFormProps = {
  /** The form's submit handler, such as react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The refusal of the last attempt, shown above the fields; null while there is none. */
  error: Error | null;
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
  submitVariant?: TButtonVariant;
  children: ReactNode;
};

type TModalFormActionsProps = {
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
  submitVariant?: TButtonVariant;
  /** The submit button waits for a change (an edit form without one). */
  isSubmitDisabled?: boolean;
  /** Further actions between Cancel and the submit button. */
  children?: ReactNode;
};

/** A dialog form's buttons: Cancel, and the submit button showing that the form is being saved. */
export function ModalFormActions({
  onCancel,
  submitLabel,
  isPending,
  submitVariant = 'primary',
  isSubmitDisabled = false,
  children,
}: TModalFormActionsProps) {
  const { t } = useTranslation();
  return (
    <ModalActions>
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      {children}
      <Button type="submit" variant={submitVariant} isLoading={isPending} disabled={isSubmitDisabled}>
        {submitLabel}
      </Button>
    </ModalActions>
  );
}

/** The form of a dialog: the refusal above its fields, Cancel and the submit button below them. */
export function ModalForm({
  onSubmit,
  error,
  onCancel,
  submitLabel,
  isPending,
  submitVariant = 'primary',
  children,
}: TModalFormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {error && <Alert type="error">{errorMessage(error)}</Alert>}
      {children}
      <ModalFormActions
        onCancel={onCancel}
        submitLabel={submitLabel}
        isPending={isPending}
        submitVariant={submitVariant}
      />
    </form>
  );
}
