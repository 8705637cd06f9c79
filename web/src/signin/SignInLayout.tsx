import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { isSessionEndReason, SESSION_END_TEXTS } from '../../../shared/session-end';
import { APP_VERSION, LogoMark, PRODUCT_NAME } from '../components/layout/brand';
import type { SignInPath } from '../components/auth/paths';
import { showSignInPage } from './pageSwitch';

export interface SignInLink {
  question: string;
  label: string;
  to: SignInPath;
}

/** A centered card with the product name above it and links to the other sign-in pages below. */
export function SignInLayout({ title, subtitle, links, children }: { title: string; subtitle: string; links: SignInLink[]; children: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      px="md"
      py={{ base: 'lg', sm: 48 }}
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-0) 60%)' }}
    >
      <Center mih={{ base: 'auto', sm: 'calc(100dvh - 96px)' }}>
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <LogoMark size={48} />
            <Text fw={700} size="lg">
              {PRODUCT_NAME}
            </Text>
          </Stack>
          <Card withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={4} mb="lg">
              <Title order={2} size="h3">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            </Stack>
            <SessionEndNotice />
            {children}
          </Card>
          <Stack gap={6} align="center">
            {links.map((l) => (
              <Text key={l.to} size="sm" c="dimmed" ta="center">
                {l.question}{' '}
                <Anchor href={l.to} fw={500} onClick={(e) => showSignInPage(e, l.to)}>
                  {l.label}
                </Anchor>
              </Text>
            ))}
            <Text size="xs" c="dimmed" mt="xs">
              Version {APP_VERSION}
            </Text>
          </Stack>
        </Stack>
      </Center>
    </Box>
  );
}

/** Why the app sent the visitor here (`?reason=`, set when its session stopped working); only known codes are shown. */
function SessionEndNotice() {
  const reason = new URLSearchParams(window.location.search).get('reason');
  if (!isSessionEndReason(reason)) return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="md" py="xs">
      <Text size="sm" fw={500}>
        {SESSION_END_TEXTS[reason]}
      </Text>
    </Alert>
  );
}
