import { HeadContent, Outlet, createRootRouteWithContext, type ErrorComponentProps } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { trpcUtils } from '../components/auth/session';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { LogoMark, pageTitle } from '../components/layout/brand';
import { NotFound } from '../components/layout/NotFound';
import { ERROR_TITLE } from '../components/layout/pageTitles';
import { useDocumentTitle } from '../components/layout/useDocumentTitle';

/** What every route's beforeLoad and loader receive: loaders prefetch a page's first data through `trpc`. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpcUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: pageTitle() }] }),
  component: Root,
  notFoundComponent: () => <NotFound />,
  errorComponent: RouteError,
});

function Root() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}

function RouteError({ reset }: ErrorComponentProps) {
  useDocumentTitle(ERROR_TITLE);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <LogoMark size={48} />
        <Title order={2}>{ERROR_TITLE}</Title>
        <Text c="dimmed">This page could not be shown. Try again, or reload the page if it keeps happening.</Text>
        <Group>
          <Button variant="default" onClick={reset}>
            Try again
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      </Stack>
    </Center>
  );
}
