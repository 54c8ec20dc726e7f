import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The app's one query cache: provided by providers.tsx, and filled ahead by the router (router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers will not change on retry; network and 5xx errors get one more try.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
  },
});
