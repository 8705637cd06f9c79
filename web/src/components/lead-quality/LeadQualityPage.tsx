import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { trpc } from '../../trpc';
import { AppTable, type AppColumn, pagingOf } from '../DataTable/AppTable';
import { MobileLink, QualityBadge, RequirementText, StackedTime } from '../lead-lists/LeadCells';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';
import { useRouteExists } from '../layout/useRouteExists';
import { formatCount, formatDateTime } from '../../lib/format';
import { LeadQualityInput, QUALITY_FILTERS, type QualityFilter, type QualityLeadRow } from '../../../../shared/schemas/lead-quality';
import { qualityInput, type QualitySearch } from './qualitySearch';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { useListPage } from '../../lib/useListPage';

/** The lead form's route (the lead-work pages add it); until it exists, rows have no Process button. */
const LEAD_FORM_PATH = '/leadspage/lead/$leadId';
const FILTER_COLORS: Record<QualityFilter, string> = { all: 'blue', excellent: 'green', good: 'blue', poor: 'orange' };

/** Lead quality: the user's rated leads between two days, by rating. */
export function LeadQualityPage() {
  const { t } = useTranslation();
  const { search, setSearch, setPage, keepInRange } = useListPage<QualitySearch>();
  const quality: QualityFilter = search.quality ?? 'all';
  const leads = trpc.work.quality.useQuery(qualityInput(search), { placeholderData: (prev) => prev });
  const canProcess = useRouteExists()(LEAD_FORM_PATH);
  // AppTable's phone width: there one cell carries the lead, so its Process button is in view unscrolled.
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  keepInRange(leads.data, LIST_PAGE_SIZE);

  const counts = leads.data?.counts;

  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./leadspage/leadquality')}</Title>
        <Text c="dimmed" size="sm">
          {t('quality.intro')}
        </Text>
      </div>

      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <DateFilter
          key={`${search.from ?? ''}|${search.to ?? ''}`}
          from={search.from}
          to={search.to}
          onApply={(range) => setSearch({ ...search, ...range, page: undefined }, 'push')}
        />
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" my="md" role="group" aria-label={t('quality.filterLabel')}>
          {QUALITY_FILTERS.map((q) => (
            <Button
              key={q}
              variant={q === quality ? 'filled' : 'light'}
              color={FILTER_COLORS[q]}
              aria-pressed={q === quality}
              onClick={() => setSearch({ ...search, quality: q === 'all' ? undefined : q, page: undefined }, 'replace')}
              rightSection={
                counts && (
                  <Badge size="sm" circle={counts[q] < 10} variant={q === quality ? 'white' : 'filled'} color={FILTER_COLORS[q]}>
                    {formatCount(counts[q])}
                  </Badge>
                )
              }
              px="sm"
            >
              {t(q === 'all' ? 'quality.all' : `shared.quality.${q}`)}
            </Button>
          ))}
        </SimpleGrid>
        <AppTable
          aria-label={t('quality.tableLabel')}
          query={leads}
          records={leads.data?.items}
          empty={t('quality.empty')}
          loadingText={t('quality.loading')}
          errorText={t('quality.failed')}
          minWidth={phone ? undefined : canProcess ? 860 : 760}
          paging={pagingOf(leads.data, setPage)}
          columns={phone ? phoneColumns(t) : qualityColumns(t)}
          actions={
            canProcess
              ? {
                  title: t('quality.action'),
                  render: (l) => (
                    <Button
                      size="xs"
                      component={Link}
                      // typed loosely: the lead form's route comes with the lead-work pages
                      to={LEAD_FORM_PATH as string}
                      params={{ leadId: String(l.id) } as never}
                    >
                      {t('quality.process')}
                    </Button>
                  ),
                }
              : undefined
          }
        />
      </Paper>
    </Stack>
  );
}

/** From and To (inclusive days) and Apply Filter; an empty day leaves that side open. */
function DateFilter({ from, to, onApply }: { from?: string; to?: string; onApply: (range: { from?: string; to?: string }) => void }) {
  const { t, serverText } = useSharedText();
  const form = useForm({ mode: 'controlled', initialValues: { from: from ?? '', to: to ?? '' }, validate: schemaResolver(LeadQualityInput, { sync: true }) });
  const field = (name: 'from' | 'to') => withMessageIn(form.getInputProps(name), serverText);
  return (
    <form onSubmit={form.onSubmit((v) => onApply({ from: v.from || undefined, to: v.to || undefined }))} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label={t('range.from')} type="date" style={{ flex: '1 1 140px' }} maw={220} key={form.key('from')} {...field('from')} />
        <TextInput label={t('range.to')} type="date" style={{ flex: '1 1 140px' }} maw={220} key={form.key('to')} {...field('to')} />
        <Button type="submit" mt={{ base: 0, xs: 25 }} style={{ flex: '1 1 140px' }} maw={{ xs: 180 }}>
          {t('range.apply')}
        </Button>
      </Group>
    </form>
  );
}

const qualityColumns = (t: TFunction): AppColumn<QualityLeadRow>[] => [
  {
    accessor: 'name',
    title: t('quality.name'),
    render: (l) => (
      <Text size="sm" fw={500} miw={90} maw={180} style={{ overflowWrap: 'anywhere' }}>
        {l.name}
      </Text>
    ),
  },
  { accessor: 'mobile', title: t('quality.contact'), render: (l) => <MobileLink mobile={l.mobile} /> },
  { accessor: 'requirement', title: t('quality.requirement'), render: (l) => <RequirementText raw={l.requirement} maw={240} /> },
  {
    accessor: 'area',
    title: t('quality.area'),
    render: (l) => (
      <Text size="sm" maw={120}>
        {l.area}
      </Text>
    ),
  },
  { accessor: 'lead_quality', title: t('quality.quality'), render: (l) => <QualityBadge quality={l.lead_quality} /> },
  { accessor: 'date', title: t('quality.date'), render: (l) => <StackedTime stored={l.date} /> },
];

/** On a phone: the lead (name, number, rating, area, date) in one cell, then what it wants. */
const phoneColumns = (t: TFunction): AppColumn<QualityLeadRow>[] => [
  {
    accessor: 'name',
    title: t('quality.lead'),
    render: (l) => (
      <Stack gap={4} miw={90} maw={140}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {l.name}
        </Text>
        <MobileLink mobile={l.mobile} />
        <Group gap={6} wrap="wrap">
          <QualityBadge quality={l.lead_quality} />
          {l.area && (
            <Text size="xs" c="dimmed">
              {l.area}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(l.date)}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'requirement', title: t('quality.requirement'), render: (l) => <RequirementText raw={l.requirement} maw={180} /> },
];
