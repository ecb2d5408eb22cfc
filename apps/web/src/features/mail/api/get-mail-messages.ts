import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailMessageListItem, TMailStatus } from '@pms/contract/mail';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';
import { mailKeys } from '../../../shared/query-keys/index.ts';

export type TMailMessagesQuery = TPageQuery & { status?: TMailStatus | undefined };

export function getMailMessages(query: TMailMessagesQuery): Promise<TPaged<TMailMessageListItem>> {
  return api.get<TPaged<TMailMessageListItem>>('/mail_messages', { query });
}

export const mailMessagesQueryOptions = ({ pageNumber, pageSize, status }: TMailMessagesQuery) =>
  queryOptions({
    queryKey: mailKeys.list({ pageNumber, pageSize, status }),
    queryFn: () => getMailMessages({ pageNumber, pageSize, status }),
    placeholderData: keepPreviousData,
  });

export function useMailMessages(query: TMailMessagesQuery) {
  return useQuery(mailMessagesQueryOptions(query));
}
