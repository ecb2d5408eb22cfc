import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { answer, type TConfirmOptions } from './confirm-dialog.tsx';
import { Modal, ModalActions } from './dialog.tsx';

/** The global confirm dialog that openConfirmDialog asks its question in. */
export function ConfirmDialog({ isOpen, options }: { isOpen: boolean; options: TConfirmOptions }) {
  const { t } = useTranslation();
  return (
    <Modal open={isOpen} onClose={() => answer(false)} title={options.title} description={options.subtitle}>
      {options.content && <div className="text-sm text-gray-700">{options.content}</div>}
      <ModalActions>
        <Button variant="secondary" onClick={() => answer(false)}>
          {options.cancelText ?? t('common.cancel')}
        </Button>
        <Button variant={options.confirmColor ?? 'primary'} onClick={() => answer(true)}>
          {options.confirmText ?? t('common.confirm')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
