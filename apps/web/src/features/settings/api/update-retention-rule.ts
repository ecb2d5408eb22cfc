import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRetentionRecord, TRetentionRule, TUpdateRetentionRuleRequest } from '@pms/contract/retention';
import { api } from '../../../lib/api-client.ts';
import { retentionRulesQueryOptions } from './get-retention-rules.ts';

export function updateRetentionRule({
  record,
  ...changes
}: TUpdateRetentionRuleRequest & { record: TRetentionRecord }): Promise<TRetentionRule> {
  return api.put<TRetentionRule>(`/retention_rules/${record}`, { body: changes });
}

export function useUpdateRetentionRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetentionRule,
    meta: { errorTitle: 'settings.notSaved' },
    onSuccess: (saved) =>
      queryClient.setQueryData(retentionRulesQueryOptions().queryKey, (rules) =>
        rules?.map((rule) => (rule.record === saved.record ? saved : rule)),
      ),
  });
}
