import { Fragment, type ReactNode } from 'react';
import { Modal } from '../../ui/dialog.tsx';
import type { TChargeOnFolio } from './allowance-dialog.tsx';

type TChargeDialogProps = {
  /** The charge the dialog works on; null while closed. */
  target: TChargeOnFolio | null;
  onClose: () => void;
  title: string;
  description: (target: TChargeOnFolio) => string;
  /** The form for the charge: a fresh one per charge, so no input carries over to the next. */
  children: (target: TChargeOnFolio) => ReactNode;
};

/** The dialog of one charge on a folio (an allowance, a correction, a void). */
export function ChargeDialog({ target, onClose, title, description, children }: TChargeDialogProps) {
  return (
    <Modal open={target !== null} onClose={onClose} title={title} description={target && description(target)}>
      {target && <Fragment key={target.charge.id}>{children(target)}</Fragment>}
    </Modal>
  );
}
