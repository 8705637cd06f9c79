import { Link } from '@tanstack/react-router';
import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { PAGE_TITLES } from '../layout/pageTitles';
import { StatCard } from '../users/StatCard';
import { formatCount, formatDate } from '../../lib/format';
import { shareText, waitText } from '../speed/speedFormat';
import { formatHms } from '../../../../shared/durations';
import { VerifiedMark } from '../summaries/VerifiedMark';

const LIST = '/subadmin/telicallerlist/alltelicaller';

function expiryText(daysLeft: number) {
  if (daysLeft < 0) return { text: 'Expired', color: 'red' };
  if (daysLeft === 0) return { text: 'Expires today', color: 'red' };
  return { text: `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`, color: daysLeft <= 7 ? 'red' : daysLeft <= 30 ? 'orange' : 'green' };
}

export function SubadminDashboardPage() {
  const dashboard = trpc.dashboard.subadmin.useQuery();
  return (
    <Stack gap="lg">
      <QueryState query={dashboard} errorText="Could not load the dashboard.">
        {(d) => {
          const expiry = expiryText(d.expiry.daysLeft);
          const reached = d.limit.used >= d.limit.max;
          const pct = d.limit.max > 0 ? Math.min(100, (d.limit.used / d.limit.max) * 100) : 100;
          return (
            <>
              <Group justify="space-between" align="flex-end" wrap="wrap">
                <div>
                  <Title order={2}>{PAGE_TITLES['/subadmin/dashbord']}</Title>
                  <Text c="dimmed" size="sm">
                    {d.companyName} · today is {formatDate(d.today)} ({d.timeZone})
                  </Text>
                </div>
                <Button component={Link} to={LIST} variant="light">
                  Manage telecallers
                </Button>
              </Group>

              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <Paper withBorder p="md">
                  <Group justify="space-between" mb={6}>
                    <Text size="sm" fw={500} c="dimmed">
                      Telecaller limit
                    </Text>
                    {reached && (
                      <Badge color="red" variant="light" tt="none">
                        Limit reached
                      </Badge>
                    )}
                  </Group>
                  <Text fz={28} fw={700} lh={1}>
                    {d.limit.used}{' '}
                    <Text span c="dimmed" fz="lg">
                      of {d.limit.max}
                    </Text>
                  </Text>
                  <Progress value={pct} color={reached ? 'red' : pct >= 80 ? 'orange' : 'blue'} size="sm" mt="sm" aria-label="Telecaller places used" />
                  <Group justify="space-between" mt="xs" wrap="wrap">
                    <Text size="xs" c="dimmed">
                      Telecallers and telecaller heads count; developers do not.
                    </Text>
                    {!reached && (
                      <Text component={Link} to="/subadmin/telicallerlist/formtelicaller" size="xs" c="blue" fw={500}>
                        Create Telecaller
                      </Text>
                    )}
                  </Group>
                </Paper>
                <Paper withBorder p="md">
                  <Text size="sm" fw={500} c="dimmed" mb={6}>
                    Subscription
                  </Text>
                  <Text fz={22} fw={700} lh={1.2}>
                    {formatDate(d.expiry.date)}
                  </Text>
                  <Badge mt="sm" color={expiry.color} variant="light" tt="none">
                    {expiry.text}
                  </Badge>
                  <Text size="xs" c="dimmed" mt="xs">
                    Your account and your users stop working after this date. The admin can extend it.
                  </Text>
                </Paper>
                <Paper withBorder p="md">
                  <Text size="sm" fw={500} c="dimmed" mb={6}>
                    Users
                  </Text>
                  <Text fz={28} fw={700} lh={1}>
                    {d.users.total}
                  </Text>
                  <Text size="xs" c="dimmed" mt="sm">
                    {d.users.blocked === 0 ? 'None blocked.' : `${d.users.blocked} blocked.`}
                  </Text>
                  <Text component={Link} to={LIST} size="xs" c="blue" fw={500}>
                    View all telecallers
                  </Text>
                </Paper>
              </SimpleGrid>

              <div>
                <Title order={4} mb="sm">
                  Team
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 3 }}>
                  <StatCard label="Telecallers" value={d.users.telecallers} color="blue" to={LIST} search={{ type: 'Telicaller' }} />
                  <StatCard label="Telecaller heads" value={d.users.heads} color="violet" to={LIST} search={{ type: 'Telicaller-hade' }} />
                  <StatCard label="Developers" value={d.users.developers} color="teal" to={LIST} search={{ type: 'Developer' }} />
                </SimpleGrid>
              </div>

              <div>
                <Title order={4} mb="sm">
                  Work
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 3 }}>
                  <StatCard label="Leads" value={d.leads.total} color="indigo" to="/subadmin/Leads/myuploadleads" />
                  <StatCard label="Unassigned leads" value={d.leads.unassigned} color="grape" to="/subadmin/Leads/distibutelead" />
                  <StatCard label="Leads assigned today" value={d.leads.assignedToday} color="cyan" />
                  <StatCard label="Projects awaiting approval" value={d.projectsPendingApproval} color="orange" to="/subadmin/SubProject/approveproject" />
                  <StatCard label="Pending telecaller complaints" value={d.pendingComplaints} color="red" to="/subadmin/telicallerComplain/pending" />
                  <StatCard
                    label="Speed to lead today (median wait)"
                    value={d.speed.arrived === 0 ? 'No leads yet' : d.speed.called === 0 ? 'None called' : waitText(d.speed.medianMs)}
                    color="teal"
                    to="/subadmin/speed-to-lead"
                    hint={
                      d.speed.arrived === 0
                        ? 'No lead has arrived today.'
                        : `${shareText(d.speed.quickShare)} called within 5 min · ${formatCount(d.speed.arrived)} arrived, ${formatCount(d.speed.called)} called`
                    }
                  />
                </SimpleGrid>
              </div>

              {d.floor && (
                <div>
                  <Group gap="xs" mb="sm">
                    <Title order={4}>Calls today</Title>
                    <VerifiedMark tip="From your telephony provider’s reports: calls placed, those that reached the lead, and their talk time" />
                  </Group>
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    <StatCard
                      label="Calls placed"
                      value={d.floor.placed}
                      color="indigo"
                      to="/subadmin/Leads/callloghistory"
                      hint={d.floor.inbound ? `${formatCount(d.floor.inbound)} came in, ${formatCount(d.floor.missed)} missed` : undefined}
                    />
                    <StatCard
                      label="Connected"
                      value={d.floor.connected}
                      color="green"
                      hint={d.floor.placed ? `${shareText(d.floor.connected / d.floor.placed)} of calls placed` : undefined}
                    />
                    <StatCard label="Talk time" value={formatHms(d.floor.talkTime)} color="violet" to="/subadmin/Leads/productivity" />
                    <StatCard label="Interested" value={d.floor.interested} color="teal" hint="Leads made interested today" />
                  </SimpleGrid>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
