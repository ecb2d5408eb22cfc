import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '@heroicons/react/24/outline';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import type { TRecordKind } from './record-kinds.ts';

type TRecordCardProps = {
  kind: TRecordKind;
  /** Set for a role that may write: the create button opens the dialog. */
  onCreate?: (() => void) | undefined;
  /** Why nothing can be created yet (a missing tax rate, say); it disables the create button. */
  blocker?: string | null | undefined;
  /** Filter controls above the table. */
  filters?: ReactNode;
  children: ReactNode;
};

/** The frame of a base data table: title, description, create button, notice and filters. */
export function RecordCard({ kind, onCreate, blocker, filters, children }: TRecordCardProps) {
  const { t } = useTranslation();
  const notice = onCreate && blocker;
  return (
    <Card
      isFlush
      title={t(`baseData.${kind}.title`)}
      description={t(`baseData.${kind}.description`)}
      actions={
        onCreate && (
          <Button icon={PlusIcon} disabled={Boolean(blocker)} onClick={onCreate}>
            {t(`baseData.${kind}.create`)}
          </Button>
        )
      }
    >
      {(filters || notice) && (
        <div className="space-y-4 border-b border-gray-100 px-5 py-4">
          {notice && <Alert type="info">{notice}</Alert>}
          {filters}
        </div>
      )}
      {children}
    </Card>
  );
}
