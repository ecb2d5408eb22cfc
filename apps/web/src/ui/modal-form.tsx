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
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      {error && <Alert type="error">{errorMessage(error)}</Alert>}
      {children}
      <ModalActions>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant={submitVariant} isLoading={isPending}>
          {submitLabel}
        </Button>
      </ModalActions>
    </form>
  );
}
