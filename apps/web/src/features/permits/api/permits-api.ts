import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  conditionResponseSchema,
  permitChangePreviewResponseSchema,
  permitListQuerySchema,
  permitPageSchema,
  permitResponseSchema,
  type CreateConditionBody,
  type CreatePermitBody,
  type NewPermitVersionBody,
  type PermitDetail,
  type TerminatePermitBody,
  type UpdateConditionBody,
  type UpdatePermitBody,
} from '@rtms/shared/schemas/permits';
import { apiRequest, noContent } from '../../../lib/api-client';
import { listEndpoint, recordEndpoint, recordUpdate } from '../../../components/data/list-endpoint';

/** GET /api/permits as list tables use it. */
export const permitsEndpoint = listEndpoint('/permits', permitListQuerySchema, permitPageSchema);

/** GET /api/permits/:id: the version with its conditions, versions, renewal and documents. */
const record = recordEndpoint<PermitDetail>('/permits', 'permits', permitResponseSchema);
export const usePermit = record.useRecord;

const path = (id: string, rest = '') => `/permits/${encodeURIComponent(id)}${rest}`;

/** After a permit changes: its lists and pages, and the tasks and requirements its conditions own. */
async function invalidate(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [['permits'], ['tasks'], ['requirements'], ['documents']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

function usePermitMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(queryClient) });
}

export const useCreatePermit = () =>
  usePermitMutation((body: CreatePermitBody) => apiRequest('POST', '/permits', permitResponseSchema, { body }));

export const useUpdatePermit = () =>
  usePermitMutation(
    recordUpdate<UpdatePermitBody, z.infer<typeof permitResponseSchema>>('/permits', permitResponseSchema),
  );

/** What a new version (or a termination) would add and make not applicable; nothing is written. */
export const previewVersion = (id: string, body: NewPermitVersionBody) =>
  apiRequest('POST', path(id, '/versions/preview'), permitChangePreviewResponseSchema, { body });
export const previewTermination = (id: string, body: TerminatePermitBody) =>
  apiRequest('POST', path(id, '/terminate/preview'), permitChangePreviewResponseSchema, { body });

export const useNewVersion = () =>
  usePermitMutation(({ id, body }: { id: string; body: NewPermitVersionBody }) =>
    apiRequest('POST', path(id, '/versions'), permitResponseSchema, { body }),
  );
export const useTerminatePermit = () =>
  usePermitMutation(({ id, body }: { id: string; body: TerminatePermitBody }) =>
    apiRequest('POST', path(id, '/terminate'), permitResponseSchema, { body }),
  );

export const useCreateCondition = (permitId: string) =>
  usePermitMutation((body: CreateConditionBody) =>
    apiRequest('POST', path(permitId, '/conditions'), conditionResponseSchema, { body }),
  );
export const useUpdateCondition = (permitId: string) =>
  usePermitMutation(({ id, body }: { id: string; body: UpdateConditionBody }) =>
    apiRequest('PATCH', path(permitId, `/conditions/${encodeURIComponent(id)}`), conditionResponseSchema, { body }),
  );
export const useDeleteCondition = (permitId: string) =>
  usePermitMutation((id: string) =>
    apiRequest('DELETE', path(permitId, `/conditions/${encodeURIComponent(id)}`), noContent),
  );
export const useLinkDocument = (permitId: string) =>
  usePermitMutation(({ documentId, link }: { documentId: string; link: boolean }) =>
    apiRequest(
      link ? 'PUT' : 'DELETE',
      path(permitId, `/documents/${encodeURIComponent(documentId)}`),
      permitResponseSchema,
    ),
  );
