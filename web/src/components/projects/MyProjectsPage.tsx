import { useState } from 'react';
import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { Icon } from '../layout/icons';
import type { UserPagePath } from '../layout/pageTitles';
import { Link } from '@tanstack/react-router';
import type { MyProjectList } from '../../../../shared/schemas/projects';
import { ProjectCard } from './ProjectCard';
import { ProjectUpdateForm } from './ProjectUpdateForm';
import { LedgerModal } from './LedgerModal';
import type { Project } from './types';
import { useListPage } from '../../lib/useListPage';
import { pageInput, type PageSearch } from './pageSearch';

/** The lists' pages; their description and empty text are the user area's (projects.lists). */
export const MY_LISTS: Record<Exclude<MyProjectList, 'all' | 'pending'>, { path: UserPagePath }> = {
  waiting: { path: '/waitingproject' },
  running: { path: '/Runningproject' },
  rejected: { path: '/Rejectproject' },
  completed: { path: '/leadspage/compleatproject' },
  delayed: { path: '/dailayproject' },
  pendingPayment: { path: '/pendingpayment' },
};

interface Props {
  list: keyof typeof MY_LISTS;
}

/** The telecaller's project lists as cards; pending payments carry the update request and the client reminder. */
export function MyProjectsPage({ list }: Props) {
  const { search, setPage } = useListPage<PageSearch>();
  const { t } = useTranslation();
  const config = MY_LISTS[list];
  const projects = trpc.projects.mine.useQuery({ list, ...pageInput(search) }, { placeholderData: (prev) => prev });
  const [updating, setUpdating] = useState<Project | null>(null);
  const [ledgerOf, setLedgerOf] = useState<Project | null>(null);

  return (
    <Stack>
      <div>
        <Title order={2}>{t(`titles.${config.path}`)}</Title>
        <Text c="dimmed" size="sm">
          {t(`projects.lists.${list}.description`)}
        </Text>
      </div>
      <QueryState
        query={projects}
        empty={t(`projects.lists.${list}.empty`)}
        isEmpty={(d) => d.total === 0}
        errorText={t(list === 'pendingPayment' ? 'projects.pendingFailed' : 'projects.failed')}
      >
        {(data) => (
          <div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
              {data.items.map((p) => (
                <ProjectCard
                  key={p.id}
                  project={p}
                  actions={
                    <Stack gap="xs">
                      {list === 'pendingPayment' && (
                        <Button size="md" onClick={() => setUpdating(p)} disabled={p.update_pending} fullWidth>
                          {t('projects.updateProject')}
                        </Button>
                      )}
                      <Group gap="xs" grow>
                        {list === 'pendingPayment' && p.reminder && (
                          <Button
                            component="a"
                            href={p.reminder.link}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="md"
                            variant="light"
                            color="teal"
                            leftSection={<Icon name="chat" size={18} />}
                          >
                            {t('projects.remind')}
                          </Button>
                        )}
                        {p.status !== 0 && p.status !== 3 && (
                          <Button size="md" variant="default" onClick={() => setLedgerOf(p)}>
                            {t('shared.ledger.label')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  }
                />
              ))}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </div>
        )}
      </QueryState>
      {list === 'pendingPayment' && (
        <Text size="sm" c="dimmed">
          {t('projects.orUse')}{' '}
          <Anchor component={Link} to="/leadspage/updatepayment">
            {t('projects.updatePayment')}
          </Anchor>{' '}
          {t('projects.toPick')}
        </Text>
      )}
      <Modal opened={!!updating} onClose={() => setUpdating(null)} title={t('projects.updateProject')} size="lg">
        {updating && <ProjectUpdateForm project={updating} onDone={() => setUpdating(null)} onCancel={() => setUpdating(null)} />}
      </Modal>
      {ledgerOf && <LedgerModal projectId={ledgerOf.id} title={ledgerOf.project_name} onClose={() => setLedgerOf(null)} />}
    </Stack>
  );
}
