import { useEffect, useState } from 'react';
import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { AppTable } from '../DataTable/AppTable';
import { formatCount, formatDateTime } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { isPullSuccess, type IndiamartPullResult, type IndiamartStatus } from '../../../../shared/schemas/indiamart';

dayjs.extend(relativeTime);

const CODE_LABELS: Record<string, string> = {
  '200': 'Leads received',
  '204': 'No new leads',
  '400': 'Request refused',
  '401': 'Key refused',
  '429': 'Too soon',
  '500': 'IndiaMART error',
  NETWORK: 'Not reachable',
  TIMEOUT: 'No answer',
  BAD_RESPONSE: 'Unreadable answer',
  BAD_LINK: 'Invalid link',
  ERROR: 'Not saved',
};

export const pullCodeColor = (code: string | null) => (isPullSuccess(code) ? 'green' : code === '429' ? 'yellow' : 'red');

function CodeBadge({ code }: { code: string | null }) {
  if (!code)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Badge size="sm" variant="light" color={pullCodeColor(code)} tt="none">
      {/^\d+$/.test(code) ? `${code} · ` : ''}
      {CODE_LABELS[code] ?? 'Failed'}
    </Badge>
  );
}

/** Re-renders every `ms` so relative times and the countdown stay current. */
function useClock(ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(id);
  }, [ms]);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function notifyPullResult(r: IndiamartPullResult) {
  if (r.code === '200') {
    const parts = [`${formatCount(r.inserted)} new lead${r.inserted === 1 ? '' : 's'} added`];
    if (r.duplicates) parts.push(`${formatCount(r.duplicates)} duplicate${r.duplicates === 1 ? '' : 's'} skipped`);
    if (r.repeats) parts.push(`${formatCount(r.repeats)} repeat enquir${r.repeats === 1 ? 'y' : 'ies'} (in their leads' history)`);
    if (r.invalid) parts.push(`${formatCount(r.invalid)} without a valid mobile skipped`);
    notifications.show({ title: 'IndiaMART pull done', message: `${parts.join(', ')}.`, color: 'green', autoClose: 3000 });
  } else if (r.code === '204') {
    notifications.show({ title: 'IndiaMART pull done', message: 'No new leads since the last pull.', color: 'green', autoClose: 3000 });
  } else {
    notifications.show({ title: 'IndiaMART pull failed', message: r.message, color: pullCodeColor(r.code), autoClose: 3000 });
  }
}

/** The IndiaMART lead pull: last result, when the next pull may run, "Pull now", and the last pulls. */
export function LeadPullCard() {
  const status = trpc.indiamart.status.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
      <Stack>
        <div>
          <Title order={4}>Lead pull</Title>
          <Text c="dimmed" size="sm">
            New IndiaMART leads are pulled automatically every few minutes and added under the category IndiaMART.
          </Text>
        </div>
        <QueryState query={status} errorText="Failed to load the lead pull status.">
          {(data) => <PullStatus status={data} fetchedAt={status.dataUpdatedAt} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function PullStatus({ status: s, fetchedAt }: { status: IndiamartStatus; fetchedAt: number }) {
  useClock(1000);
  const utils = trpc.useUtils();
  const pull = trpc.indiamart.pullNow.useMutation({
    onSuccess: (r) => notifyPullResult(r),
    onError: (err) => notifyFailure('Pull failed.', err),
    onSettled: () => {
      void utils.indiamart.status.invalidate();
      void utils.settings.getIndiamart.invalidate();
    },
  });

  // Count down on the server's clock: the browser's may be off.
  const skew = Date.parse(s.server_time) - fetchedAt;
  const serverNow = Date.now() + skew;
  const nextAt = s.next_pull_allowed_at ? Date.parse(s.next_pull_allowed_at) : null;
  const waitMs = nextAt === null ? 0 : Math.max(0, nextAt - serverNow);
  const waitMinutes = Math.ceil(waitMs / 60_000);
  const last = s.recent[0];

  let reason: string | null = null;
  if (!s.api_link_set) reason = 'Save your IndiaMART API link above first.';
  else if (waitMs > 0) reason = `IndiaMART allows one pull every 5 minutes. Available in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`;

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <Field label="Last pull">
          {s.last_pull_at ? (
            <div>
              <Text size="sm" fw={500}>
                {dayjs(s.last_pull_at).from(dayjs(serverNow))}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(s.last_pull_at)}
              </Text>
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              Not pulled yet
            </Text>
          )}
        </Field>
        <Field label="Next pull allowed">
          {!s.api_link_set ? (
            <Text size="sm" c="dimmed">
              After the API link is saved
            </Text>
          ) : waitMs > 0 && nextAt !== null ? (
            <div>
              <Text size="sm" fw={500}>
                {dayjs(nextAt).from(dayjs(serverNow))}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(new Date(nextAt - skew).toISOString())}
              </Text>
            </div>
          ) : (
            <Text size="sm" fw={500}>
              Now
            </Text>
          )}
        </Field>
        <Field label="Result">
          {s.last_pull_code ? (
            <Stack gap={4}>
              <Group gap="xs">
                <CodeBadge code={s.last_pull_code} />
              </Group>
              {s.last_pull_message && s.last_pull_code !== '200' && (
                <Text size="sm" c={isPullSuccess(s.last_pull_code) ? 'dimmed' : pullCodeColor(s.last_pull_code) === 'red' ? 'red.7' : 'yellow.8'}>
                  {s.last_pull_message}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {s.last_pull_at ? 'Pull in progress' : '—'}
            </Text>
          )}
        </Field>
        <Field label="Leads added last time">
          {last ? (
            <Text size="sm">
              <Text span fw={600}>
                {formatCount(last.inserted)}
              </Text>
              {last.duplicates > 0 && ` · ${formatCount(last.duplicates)} duplicate${last.duplicates === 1 ? '' : 's'}`}
              {last.invalid > 0 && ` · ${formatCount(last.invalid)} without a valid mobile`}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Field>
      </SimpleGrid>

      <Group gap="sm" align="center" wrap="wrap">
        <Button onClick={() => pull.mutate()} loading={pull.isPending} disabled={reason !== null}>
          Pull now
        </Button>
        {reason && !pull.isPending && (
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
        )}
      </Group>

      <Divider />
      <RecentPulls status={s} serverNow={serverNow} />
    </Stack>
  );
}

function RecentPulls({ status: s, serverNow }: { status: IndiamartStatus; serverNow: number }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Recent pulls
      </Text>
      {s.recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pulls yet.
        </Text>
      ) : (
        <AppTable
          aria-label="Recent pulls"
          compact
          records={s.recent}
          empty="No pulls yet."
          minWidth={560}
          columns={[
            {
              accessor: 'at',
              title: 'When',
              noWrap: true,
              render: (r) => (
                <>
                  <Text size="sm">{formatDateTime(r.at)}</Text>
                  <Text size="xs" c="dimmed">
                    {dayjs(r.at).from(dayjs(serverNow))}
                  </Text>
                </>
              ),
            },
            {
              accessor: 'code',
              title: 'Result',
              render: (r) => (
                <div style={{ maxWidth: 260 }}>
                  <CodeBadge code={r.code} />
                  {r.message && !isPullSuccess(r.code) && (
                    <Text size="xs" c="dimmed" lineClamp={2} title={r.message}>
                      {r.message}
                    </Text>
                  )}
                </div>
              ),
            },
            { accessor: 'inserted', title: 'Added', textAlign: 'right', render: (r) => formatCount(r.inserted) },
            { accessor: 'duplicates', title: 'Duplicates', textAlign: 'right', render: (r) => formatCount(r.duplicates) },
            { accessor: 'invalid', title: 'Invalid', textAlign: 'right', render: (r) => formatCount(r.invalid) },
            { accessor: 'trigger', title: 'By', render: (r) => (r.trigger === 'manual' ? 'Pull now' : r.trigger === 'schedule' ? 'Automatic' : '—') },
          ]}
        />
      )}
    </Stack>
  );
}
