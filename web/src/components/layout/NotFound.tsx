import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LogoMark } from './brand';
import { NOT_FOUND_TITLE } from './pageTitles';
import { useDocumentTitle } from './useDocumentTitle';

/** The friendly page for a path the app does not have; inside an area it keeps the area's frame. */
export function NotFound({ home = '/' }: { home?: string }) {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <LogoMark size={48} />
        <Title order={2}>{NOT_FOUND_TITLE}</Title>
        <Text c="dimmed">The page you asked for does not exist. It may have moved, or the link may be mistyped.</Text>
        <Button component={Link} to={home}>
          Go to my dashboard
        </Button>
      </Stack>
    </Center>
  );
}
