import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLanguage } from '@pms/contract/locales';
import type { TMailTemplate, TMailTemplateKind, TSaveMailTemplateRequest } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { emailTemplatesQueryOptions } from './get-email-templates.ts';

export type TSaveEmailTemplate = TSaveMailTemplateRequest & { kind: TMailTemplateKind; language: TLanguage };

export function saveEmailTemplate({ kind, language, ...body }: TSaveEmailTemplate): Promise<TMailTemplate> {
  return api.put<TMailTemplate>(`/email_templates/${kind}/${language}`, { body });
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    meta: { errorTitle: 'settings.notSaved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryOptions().queryKey }),
  });
}
