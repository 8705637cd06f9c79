import { Badge, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { AppTable } from '../DataTable/AppTable';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { Copyable } from './SecretModal';
import { captureFieldsSchema, fieldTypeLabel, requiredOnCapture } from '../../../../shared/capture-fields-schema';
import { activeChoiceLabels, type FieldDef } from '../../../../shared/lead-fields';

/**
 * The company's own copy of the capture API's `fields` (docs/lead-capture.md#fields): each key it
 * may send, its type and choices, whether it must be sent, and the JSON Schema of the object.
 */
export function CaptureFieldsCard() {
  const shape = useCompanyShape();
  const fields = (shape.data?.fields ?? []).filter((f) => !f.retired);
  const required = new Set(requiredOnCapture(fields).map((f) => f.id));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Your lead fields in the API
        </Title>
        <Text size="sm">
          Send them as <Code>{'"fields": { "key": value }'}</Code> with a lead (the website form names them <Code>{'fields[key]'}</Code>). The email goes in{' '}
          <Code>email</Code>; any other key you send is kept on the lead as an extra detail.
        </Text>
        <AppTable<FieldDef>
          aria-label="Lead field keys"
          query={shape}
          records={fields}
          empty="No lead fields yet: add them on the Lead fields page."
          errorText="Could not load your lead fields."
          minWidth={560}
          columns={[
            { accessor: 'key', title: 'Key', render: (f) => <Code>{f.key}</Code> },
            { accessor: 'label', title: 'Field' },
            { accessor: 'type', title: 'Type', render: (f) => fieldTypeLabel(f) },
            { accessor: 'choices', title: 'Choices', render: (f) => activeChoiceLabels(f) || '—' },
            {
              accessor: 'required',
              title: 'Must be sent',
              render: (f) =>
                required.has(f.id) ? (
                  <Badge variant="light" color="orange">
                    Required
                  </Badge>
                ) : (
                  'No'
                ),
            },
          ]}
        />
        {fields.length > 0 && (
          <Copyable
            label="JSON Schema of fields"
            copyLabel="Copy the JSON Schema"
            text={JSON.stringify(captureFieldsSchema(fields, requiredOnCapture(fields)), null, 2)}
            block
          />
        )}
      </Stack>
    </Paper>
  );
}
