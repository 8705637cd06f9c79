import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { LeadList, TelecallerLeadRow } from '../../../../shared/schemas/lead-lists';
import { formatCallback, formatWhen, MobileLink, QualityBadge, RequirementText, StackedTime } from './LeadCells';

/** One telecaller's leads of a list: cards on a phone, a table from tablet width up. */
export function TelecallerLeadsTable({ list, leads }: { list: LeadList; leads: TelecallerLeadRow[] }) {
  const withQuality = list === 'interested';
  const withCallback = list === 'followUp';
  const withLastCall = list !== 'pending';

  const lastCall = (l: TelecallerLeadRow) =>
    l.last_feedback || l.last_remarks ? (
      <Text size="sm" lineClamp={3} title={[l.last_feedback, l.last_remarks].filter(Boolean).join(' — ')} maw={200}>
        {l.last_feedback}
        {l.last_feedback && l.last_remarks ? ' — ' : ''}
        {l.last_remarks && <Text span c="dimmed" size="sm">{l.last_remarks}</Text>}
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );

  // Date: the lead's last change (what the list is ordered by); the hover text adds when it was sent.
  const date = (l: TelecallerLeadRow) => (
    <StackedTime
      stored={l.updated_at}
      title={[`Last change ${formatWhen(l.updated_at)}`, l.telicaller_send_date && `sent ${formatWhen(l.telicaller_send_date)}`].filter(Boolean).join(', ')}
    />
  );

  return (
    <>
      <Stack gap="sm" hiddenFrom="sm">
        {leads.map((l) => (
          <Paper key={l.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {l.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                #{l.id}
              </Text>
            </Group>
            <MobileLink mobile={l.mobile} />
            <RequirementText raw={l.requirement} maw="100%" />
            <Text size="xs" c="dimmed" mt={4}>
              {[l.area, l.category].filter(Boolean).join(' · ')}
            </Text>
            {withQuality && (
              <Group gap={6} mt={4}>
                <Text size="xs" c="dimmed">
                  Quality
                </Text>
                <QualityBadge quality={l.lead_quality} />
              </Group>
            )}
            {withCallback && l.callback_date && (
              <Text size="sm" mt={4}>
                Callback {formatCallback(l.callback_date, l.callback_time)}
              </Text>
            )}
            {withLastCall && (l.last_feedback || l.last_remarks) && <div style={{ marginTop: 4 }}>{lastCall(l)}</div>}
            <Text size="xs" c="dimmed" mt={4}>
              {formatWhen(l.updated_at)}
              {l.telicaller_send_date ? ` · sent ${formatWhen(l.telicaller_send_date)}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={withLastCall ? 960 : 820} visibleFrom="sm">
        <Table verticalSpacing="sm" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Id</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Mobile</Table.Th>
              <Table.Th>Requirement</Table.Th>
              <Table.Th>Area</Table.Th>
              <Table.Th>Category</Table.Th>
              {withQuality && <Table.Th>Quality</Table.Th>}
              {withCallback && <Table.Th>Callback</Table.Th>}
              {withLastCall && <Table.Th>Last call</Table.Th>}
              <Table.Th title="When the lead last changed">Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leads.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{l.id}</Table.Td>
                <Table.Td miw={100}>
                  <Text size="sm" fw={500} maw={200}>
                    {l.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <MobileLink mobile={l.mobile} />
                </Table.Td>
                <Table.Td>
                  <RequirementText raw={l.requirement} maw={260} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.area}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {l.category}
                  </Text>
                </Table.Td>
                {withQuality && (
                  <Table.Td>
                    <QualityBadge quality={l.lead_quality} />
                  </Table.Td>
                )}
                {withCallback && (
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={l.callback_date ? undefined : 'dimmed'}>
                      {l.callback_date ? formatCallback(l.callback_date, l.callback_time) : 'Not set'}
                    </Text>
                  </Table.Td>
                )}
                {withLastCall && <Table.Td>{lastCall(l)}</Table.Td>}
                <Table.Td>{date(l)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
