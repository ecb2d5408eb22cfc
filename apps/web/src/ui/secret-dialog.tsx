import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { CopyButton } from './copy-button.tsx';
import { Modal, ModalActions } from './dialog.tsx';
import { Field, Input } from './field.tsx';

type TSecretDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  label: string;
  value: string;
  warning: string;
};

/** Shows a value the server hands out once (an API key secret, a default password) with a copy button. */
export function SecretDialog({
  open,
  onClose,
  title,
  description,
  label,
  value,
  warning,
}: TSecretDialogProps) {
  const { t } = useTranslation();

  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <div className="space-y-4">
        <Field label={label}>
          <div className="flex gap-2">
            <Input readOnly value={value} className="font-mono" onFocus={(event) => event.target.select()} />
            <CopyButton value={value} />
          </div>
        </Field>
        <Alert type="warning">{warning}</Alert>
      </div>
      <ModalActions>
        <Button onClick={onClose}>{t('common.done')}</Button>
      </ModalActions>
    </Modal>
  );
}
