import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailTemplate } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';

export async function getEmailTemplates(): Promise<TMailTemplate[]> {
  return (await api.get<{ data: TMailTemplate[] }>('/email_templates')).data;
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'email-templates'], queryFn: getEmailTemplates });

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
