import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Modal, ModalActions } from './dialog.tsx';
import { Field, Input } from './field.tsx';
import { toast } from './toast.tsx';

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
  const [isCopied, setIsCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <div className="space-y-4">
        <Field label={label}>
          <div className="flex gap-2">
            <Input readOnly value={value} className="font-mono" onFocus={(event) => event.target.select()} />
            <Button
              variant="secondary"
              icon={isCopied ? CheckIcon : ClipboardDocumentIcon}
              onClick={() => void copy()}
            >
              {isCopied ? t('common.copied') : t('common.copy')}
            </Button>
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
