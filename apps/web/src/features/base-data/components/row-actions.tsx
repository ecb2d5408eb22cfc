import { useTranslation } from 'react-i18next';
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import { IconButton } from '../../../ui/button.tsx';

type TRowActionsProps = {
  /** How the buttons' labels name the row. */
  name: string;
  onEdit: () => void;
  /** Without it the row cannot be deleted. */
  onDelete?: (() => void) | undefined;
};

/** The edit and delete buttons at the end of a row. */
export function RowActions({ name, onEdit, onDelete }: TRowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="-my-2 flex justify-end gap-1">
      <IconButton label={t('baseData.editLabel', { name })} icon={PencilSquareIcon} onClick={onEdit} />
      {onDelete && (
        <IconButton
          label={t('baseData.deleteLabel', { name })}
          icon={TrashIcon}
          className="hover:text-red-600"
          onClick={onDelete}
        />
      )}
    </div>
  );
}
