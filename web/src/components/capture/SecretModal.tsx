import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedCaptureKey } from '../../../../shared/schemas/capture';
import { curlExample, formSnippet } from './snippets';
import { useCompanyShape } from '../../lib/useCompanyShape';

/** A labelled value with a Copy button (a key, an address to paste elsewhere). */
export function Copyable({ label, copyLabel, text, block }: { label: string; copyLabel: string; text: string; block?: boolean }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy} aria-label={copyLabel}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block={block} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={label}>
        {text}
      </Code>
    </Stack>
  );
}

/** A key just made: its secret, shown this once, and how to use it (a curl call, or the form's HTML). */
export function SecretModal({ created, onClose }: { created: CreatedCaptureKey; onClose: () => void }) {
  const origin = window.location.origin;
  const shape = useCompanyShape();
  return (
    <Modal opened onClose={onClose} title={`${created.kind === 'api' ? 'API key' : 'Website form'}: ${created.name}`} size="lg">
      <Stack>
        <Alert color="yellow" title="Copy the key now">
          It is shown only this once. If it is lost, revoke it and create another.
        </Alert>
        <Copyable label="Key" copyLabel="Copy the key" text={created.secret} />
        {created.kind === 'api' ? (
          <>
            <Text size="sm">
              Send each lead as JSON to <Code>{`${origin}/api/capture/leads`}</Code> with the key in the Authorization header. The API documentation is at{' '}
              <a href="/api/webapi/docs#tag-lead-capture" target="_blank" rel="noreferrer">
                /api/webapi/docs
              </a>
              .
            </Text>
            <Copyable label="Example" copyLabel="Copy the example" text={curlExample(origin, created.secret)} block />
          </>
        ) : (
          <>
            <Text size="sm">
              Paste this form into your web page. Style it as you like; keep the field names and the hidden "website" field. Your lead fields (not hidden or
              retired) are in it; a field added later is added to the form by hand, named fields[its key].
            </Text>
            <Copyable label="HTML" copyLabel="Copy the HTML" text={formSnippet(origin, created.secret, shape.data?.fields ?? [])} block />
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
