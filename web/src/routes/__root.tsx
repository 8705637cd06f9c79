import { Outlet, createRootRouteWithContext, Link } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <Center h="100vh">
      <Stack align="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component={Link} to="/">Go home</Button>
      </Stack>
    </Center>
  );
}
