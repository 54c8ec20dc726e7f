import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@rtms/shared/schemas/public-config';
import { APP_VERSION } from '@rtms/shared/constants';
import { apiRequest } from './api-client';
// The first page's one call: checked by the shared schema compiled to Ajv's code at build, without zod (decision 032).
import { publicConfigResponseSchema } from '@rtms/shared/schemas/public-config?checker';

const FALLBACK: PublicConfig = {
  appName: 'RTMS',
  logoUrl: '/logo.svg',
  companyName: '',
  companyWebsite: '',
  supportEmail: '',
  version: APP_VERSION,
  sso: null,
};

/** App name, logo, company and website of this installation (GET /api/config). */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: () =>
      apiRequest('GET', '/config', publicConfigResponseSchema, { token: null }).then((response) => response.data),
    staleTime: Infinity,
  });
  return data ?? FALLBACK;
}
