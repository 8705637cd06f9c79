import type { ReactNode } from 'react';
import { Alert, Button, CopyButton, Flex, Paper, Stack, Table, Text, Title } from '@mantine/core';

export interface CreatedAccount {
  /** "Company created", "User created" */
  title: string;
  /** who and where, as label and value: name, role, company */
  details: Array<[string, string]>;
  /** the full address of the sign-in page of this server */
  signInUrl: string;
  signInIdLabel: 'Email' | 'Mobile';
  signInId: string;
  /** the password the creator typed: the server never sends one back */
  password: string;
}

/** What to hand over, as one text: where to sign in, with what. */
export const handOverText = (a: CreatedAccount) => [`Sign in at: ${a.signInUrl}`, `${a.signInIdLabel}: ${a.signInId}`, `Password: ${a.password}`].join('\n');

/**
 * An account just created, ready to hand over: who it is, where it signs in and the password just set.
 * The password lives only in this page's memory: leaving the page or creating another forgets it.
 */
export function CreatedAccountCard({ account, onCreateAnother, extra }: { account: CreatedAccount; onCreateAnother: () => void; extra?: ReactNode }) {
  const rows: Array<[string, string]> = [
    ...account.details,
    ['Sign in at', account.signInUrl],
    [account.signInIdLabel, account.signInId],
    ['Password', account.password],
  ];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={760} aria-labelledby="created-account-title">
      <Stack gap="md">
        <Title order={3} id="created-account-title">
          {account.title}
        </Title>
        <Alert color="yellow" variant="light" title="The password is shown only now">
          Copy these details and hand them over. Once you leave this page the password cannot be shown again; it can only be changed.
        </Alert>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Sign-in details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 110, sm: 160 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" ff={label === 'Password' || label === 'Sign in at' ? 'monospace' : undefined}>
                    {value}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {/* On a phone the buttons stack, Copy on top: the one thing to do next. */}
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="sm">
          {extra}
          <Button variant="default" onClick={onCreateAnother}>
            Create another
          </Button>
          <CopyButton value={handOverText(account)}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy sign-in details'}
              </Button>
            )}
          </CopyButton>
        </Flex>
      </Stack>
    </Paper>
  );
}
