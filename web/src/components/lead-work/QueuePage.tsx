import { useDeferredValue, useEffect, useMemo } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useRouteContext, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../lib/whenIdle';
import type { LeadQueue } from '../../../../shared/constants';
import { trpc } from '../../trpc';
import { formatCount, formatDateTime } from '../../lib/format';
import { keepOffline, offlineCopy } from '../../lib/offlineCopy';
import { QueryState } from '../QueryState';
import { serverAnswered } from '../../lib/notify';
import { useOutbox } from '../outbox/useOutbox';
import { Pager } from '../Pager';
import { ExportCsvButton } from '../lead-lists/ExportCsvButton';
import { NEW_LEADS_EXPORT_PATH } from '../lead-lists/exportUrl';
import { useSearchText } from '../../lib/useSearchText';
import { LeadCard, type QueueCard } from './LeadCard';
import { queueCopyKey, rememberCards } from './openLead';
import { QUEUE_PATHS } from './queuePages';
import { QUEUE_PAGE_SIZE, queueInput, type QueueSearch } from './queueInput';
import { useListPage } from '../../lib/useListPage';
import { Icon } from '../layout/icons';
import { dialer } from './dialer';
import { usePhoneTelephony } from './phoneTelephony';

const LEAD_FORM_ROUTE = '/_user/leadspage/lead/$leadId';

/** Every lead queue of the telecaller and the head: search, cards, pager; the form's code is fetched ahead. */
export function QueuePage({ queue }: { queue: LeadQueue }) {
  const { t } = useTranslation();
  const { search, setSearch, setPage, keepInRange } = useListPage<QueueSearch>();
  const { me } = useRouteContext({ from: '/_user' });
  // The layout's session watch keeps auth.me fresh: a company that turns exports off hides the button within a minute.
  const liveMe = trpc.auth.me.useQuery(undefined, { staleTime: 30_000 });
  const canExport = (liveMe.data ?? me).canExportLeads !== false;
  const fetched = trpc.work.queue.useQuery(queueInput(queue, search), { placeholderData: (prev) => prev });
  // Without a connection: the page of this queue last fetched on this phone, said to be so.
  const copyKey = queueCopyKey(me.id, queue);
  const noConnection = !fetched.data && (fetched.fetchStatus === 'paused' || (fetched.isError && !serverAnswered(fetched.error)));
  const saved = useMemo(() => (noConnection ? offlineCopy<NonNullable<typeof fetched.data>>(copyKey) : null), [noConnection, copyKey]);
  // A lead whose submission waits on this phone has been worked: it is not offered again (one the
  // server refused is, with the refusal on its form).
  const kept = useOutbox(me.id, { send: false });
  const waiting = useMemo(() => kept.filter((e) => e.state === 'waiting'), [kept]);
  const data = useMemo(() => {
    const page = saved?.data ?? fetched.data;
    if (!page || waiting.length === 0) return page;
    const items = page.items.filter((l) => !waiting.some((w) => w.leadId === l.id));
    return { ...page, items, total: page.total - (page.items.length - items.length) };
  }, [saved, fetched.data, waiting]);
  const leads = saved ? { ...fetched, isPending: false, isError: false, data, isPlaceholderData: false } : { ...fetched, data };
  const [text, setText] = useSearchText(search.q ?? '', (q) => setSearch({ q: q || undefined }, 'replace'));
  const router = useRouter();
  const navigate = useNavigate();
  // With the company's provider on, the power dialer calls this list's leads one after another.
  const phone = usePhoneTelephony();
  const firstLead = leads.data?.items[0];
  const startCalling = () => {
    if (!firstLead) return;
    dialer.start(queue, firstLead.id);
    void navigate({ to: '/leadspage/lead/$leadId', params: { leadId: String(firstLead.id) }, search: { queue } });
  };

  // Process Lead should open the form at once: its code is loaded while the telecaller reads the list,
  // once the cards are on screen (run before, it held them back on a slow phone).
  useEffect(() => whenIdle(() => void router.loadRouteChunk(router.routesById[LEAD_FORM_ROUTE])), [router]);

  // The dialer works a queue from its leads: back on a list, it has stopped.
  useEffect(() => dialer.stop(), []);

  useEffect(() => {
    if (leads.data) rememberCards(leads.data.items);
  }, [leads.data]);

  useEffect(() => {
    if (fetched.data && !fetched.isPlaceholderData) keepOffline(copyKey, fetched.data);
  }, [fetched.data, fetched.isPlaceholderData, copyKey]);

  // Worked leads leave the queue: a page past the end moves back to the last one.
  keepInRange(leads.data, QUEUE_PAGE_SIZE);

  const goToPage = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2}>{t(`titles.${QUEUE_PATHS[queue]}`)}</Title>
          <Text c="dimmed" size="sm">
            {t(`queues.${queue}.description`)}
          </Text>
        </div>
        {queue === 'new' && canExport && (
          <ExportCsvButton path={NEW_LEADS_EXPORT_PATH} params={{ search: search.q }} disabled={!leads.data || leads.data.total === 0} />
        )}
      </Group>

      <Group gap="sm" wrap="nowrap" align="center">
        <TextInput
          type="search"
          placeholder={t('queue.search')}
          aria-label={t('queue.searchLabel')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          size="md"
          style={{ flex: 1, minWidth: 0 }}
        />
        {leads.data && (
          <Text size="sm" c="dimmed" style={{ flex: 'none' }} aria-live="polite">
            {t('queue.count', { count: leads.data.total, n: `${formatCount(leads.data.total)}${leads.data.totalCapped ? '+' : ''}` })}
          </Text>
        )}
      </Group>

      {phone.data?.enabled && firstLead && !saved && (
        <Button size="lg" h={52} color="green" leftSection={<Icon name="phone" size={22} />} onClick={startCalling} fullWidth style={{ maxWidth: 420 }}>
          {t('dialer.start')}
        </Button>
      )}

      {saved && (
        <Alert color="orange" variant="light" title={t('queue.offlineTitle')}>
          {t('queue.offline', { time: formatDateTime(saved.at) })}
        </Alert>
      )}

      <QueryState query={leads} errorText={t('queue.failed')}>
        {(data) =>
          data.total === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <Text c="dimmed">{t(`queues.${queue}.empty`)}</Text>
              {search.q && (
                <Anchor component="button" type="button" size="sm" onClick={() => setSearch({}, 'replace')}>
                  {t('queue.clearSearch')}
                </Anchor>
              )}
            </Stack>
          ) : (
            <div>
              <QueueCards items={data.items} queue={queue} dimmed={leads.isPlaceholderData} />
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} totalCapped={data.totalCapped} onChange={goToPage} />
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** The cards a phone's screen shows when a queue opens. */
const FIRST_CARDS = 4;

/**
 * A page of cards. The first few, which fill a phone's screen, are drawn first and the rest of the page
 * just after (React renders it in the background): twenty cards at once held the first ones back by a
 * third of a second on a slow phone (npm run bench:web, queue).
 */
function QueueCards({ items, queue, dimmed }: { items: QueueCard[]; queue: LeadQueue; dimmed: boolean }) {
  const shown = useDeferredValue(items, items.slice(0, FIRST_CARDS));
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" style={{ opacity: dimmed ? 0.6 : 1 }}>
      {shown.map((lead) => (
        <LeadCard key={lead.id} lead={lead} queue={queue} />
      ))}
    </SimpleGrid>
  );
}
