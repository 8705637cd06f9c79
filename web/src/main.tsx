import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's own styles, which it overrides (the unlayered files; see mantine-datatable's README).
import 'mantine-datatable/styles.css';
import './touch.css';
import { routeTree } from './routeTree.gen';
import { queryClient, trpc, trpcClient } from './trpc';
import { cssVariablesResolver, theme } from './theme';
import { Toasts } from './components/Toasts';
import { registerServiceWorker } from './lib/pwa';
import { notifyArrival } from './lib/notify';
import { takeFlash } from './components/auth/paths';
import { trpcUtils } from './components/auth/session';

const router = createRouter({ routeTree, context: { queryClient, trpc: trpcUtils }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Toasts />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);

// The sign-in page's "Login Successful", shown once this first page of the area is up.
const flash = takeFlash();
if (flash) notifyArrival(flash);

registerServiceWorker();
