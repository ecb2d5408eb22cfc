import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { Button } from './button.tsx';
import { toast } from './toast.tsx';

type TCopyButtonProps = {
  value: string;
  /** The accessible name when 'Copy' alone would be ambiguous, such as 'Copy portal link'. */
  label?: string;
  className?: string;
};

/** Copies a value to the clipboard and says so; if the browser refuses, a toast explains. */
export function CopyButton({ value, label, className }: TCopyButtonProps) {
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
    <Button
      variant="secondary"
      icon={isCopied ? CheckIcon : ClipboardDocumentIcon}
      aria-label={label}
      className={className}
      onClick={() => void copy()}
    >
      {isCopied ? t('common.copied') : t('common.copy')}
    </Button>
  );
}
