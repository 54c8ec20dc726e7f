import './lib/zod-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startUpSessionCheck } from './lib/auth/get-current-user';
import { readStoredToken } from './lib/auth/session-storage';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const token = readStoredToken();
if (token) void startUpSessionCheck(token);

// The first render is a transition so that React renders in slices and yields to the browser between them,
// instead of one long task that keeps the page from answering (Lighthouse's total blocking time). The
// static loader of index.html stays on screen until the render commits, as before.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
