import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type uploadRulesSchema, uploadRulesResponseSchema } from '@rtms/shared/schemas/documents';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES_DEFAULT } from '@rtms/shared/upload-rules';
import { apiRequest } from '../../../lib/api-client';

export type UploadRules = z.infer<typeof uploadRulesSchema>;

/** GET /api/documents/upload-rules: the server's configured size limit and accepted types. */
export function getUploadRules(signal?: AbortSignal): Promise<{ data: UploadRules }> {
  return apiRequest('GET', '/documents/upload-rules', uploadRulesResponseSchema, { signal });
}

/** The server's limit, or the default limit until it has answered. */
export function useUploadRules(): { maxBytes: number; accept: string } {
  const { data } = useQuery({
    queryKey: ['documents', 'upload-rules'],
    queryFn: ({ signal }) => getUploadRules(signal),
    staleTime: Infinity,
  });
  return { maxBytes: data?.data.maxBytes ?? UPLOAD_MAX_BYTES_DEFAULT, accept: data?.data.accept ?? UPLOAD_ACCEPT };
}
