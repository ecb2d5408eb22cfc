import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilSquareIcon, ShieldCheckIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import type { TRetentionLogEntry, TRetentionRule } from '@pms/contract/retention';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useRetentionLog, useRetentionRules } from '../api/get-retention-rules.ts';
import { RetentionRuleDialog } from '../components/retention-rule-dialog.tsx';

/** "7 years", "1 year and 3 months", "7 days": the parts of a period that are not zero. */
function usePeriodText() {
  const { t, i18n } = useTranslation();
  return (rule: Pick<TRetentionRule, 'years' | 'months' | 'days'>) => {
    const parts = (['years', 'months', 'days'] as const)
      .filter((unit) => rule[unit] > 0)
      .map((unit) => t(`settings.privacy.units.${unit}`, { count: rule[unit] }));
    if (parts.length === 0) return t('settings.privacy.units.none');
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(parts);
  };
}

function RetentionRules() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const rules = useRetentionRules();
  const periodText = usePeriodText();
  const [editing, setEditing] = useState<TRetentionRule | null>(null);
  const canWrite = can(user.role, 'privacy', 'write');

  const columns: TColumn<TRetentionRule>[] = [
    {
      id: 'record',
      header: t('settings.privacy.record'),
      cell: (rule) => (
        <span className="font-medium text-gray-900">{t(`settings.privacy.records.${rule.record}`)}</span>
      ),
    },
    {
      id: 'period',
      header: t('settings.privacy.period'),
      cell: (rule) => (
        <span>
          {t(`settings.privacy.starts.${rule.start}`, { period: periodText(rule) })}
          {rule.graceMonths > 0 && (
            <span className="block text-xs text-gray-500">
              {t('settings.privacy.grace', { count: rule.graceMonths })}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'reference',
      header: t('settings.privacy.reference'),
      cell: (rule) => <span className="text-gray-700">{rule.reference}</span>,
    },
  ];
  if (canWrite)
    columns.push({
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-12 text-right',
      cell: (rule) => (
        <IconButton
          label={t('settings.privacy.editLabel', { record: t(`settings.privacy.records.${rule.record}`) })}
          icon={PencilSquareIcon}
          className="-my-2"
          onClick={() => setEditing(rule)}
        />
      ),
    });

  const content = () => {
    if (rules.isPending) return <Spinner />;
    if (rules.isError) return <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />;
    if (rules.data.length === 0)
      return (
        <EmptyState
          icon={ShieldCheckIcon}
          title={t('settings.privacy.noRulesTitle')}
          text={t('settings.privacy.noRulesText')}
        />
      );
    return (
      <DataTable
        label={t('settings.privacy.rulesTitle')}
        columns={columns}
        rows={rules.data}
        emptyText={t('settings.privacy.noRulesTitle')}
      />
    );
  };

  return (
    <Card
      isFlush
      title={t('settings.privacy.rulesTitle')}
      description={t('settings.privacy.rulesDescription')}
    >
      {content()}
      <RetentionRuleDialog rule={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

const actionColors = { deleted: 'red', anonymised: 'amber', kept: 'gray' } as const;

function RetentionLog() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const paging = usePaging();
  const log = useRetentionLog(paging);
  const columns: TColumn<TRetentionLogEntry>[] = [
    {
      id: 'ranAt',
      header: t('settings.privacy.ranAt'),
      cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.ranAt)}</span>,
    },
    {
      id: 'record',
      header: t('settings.privacy.record'),
      cell: (entry) => t(`settings.privacy.records.${entry.record}`),
    },
    {
      id: 'object',
      header: t('settings.privacy.object'),
      cell: (entry) => (
        <span>
          {t(`settings.privacy.objects.${entry.objectType}`)}{' '}
          <span className="font-mono text-xs text-gray-500">{entry.objectId.slice(0, 8)}</span>
        </span>
      ),
    },
    {
      id: 'action',
      header: t('settings.privacy.action'),
      cell: (entry) => (
        <Badge color={actionColors[entry.action]}>{t(`settings.privacy.actions.${entry.action}`)}</Badge>
      ),
    },
    {
      id: 'files',
      header: t('settings.privacy.files'),
      className: 'text-right',
      cell: (entry) => entry.fileCount,
    },
  ];
  return (
    <Card isFlush title={t('settings.privacy.logTitle')} description={t('settings.privacy.logDescription')}>
      <PagedTable
        label={t('settings.privacy.logTitle')}
        columns={columns}
        query={log}
        paging={paging}
        emptyText={t('settings.privacy.logEmpty')}
      />
    </Card>
  );
}

/** Settings → Privacy: the retention rules with their legal references, and the retention log. */
export function PrivacyRoute() {
  return (
    <div className="space-y-6">
      <RetentionRules />
      <RetentionLog />
    </div>
  );
}
