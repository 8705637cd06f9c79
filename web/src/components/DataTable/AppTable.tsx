import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { errorMessage } from '../../trpc';
import { pageRange, useSharedText } from '../../i18n/sharedText';

export type AppColumn<T> = DataTableColumn<T>;

/** Server-side paging: the page shown, its size, and how many rows there are in all. */
export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  /** more rows match than a list pages through: `total` is that cap */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
}

/** Paging for a server page ({ page, pageSize, total }), once it has loaded. */
export function pagingOf(data: Omit<Paging, 'onPageChange'> | undefined, onPageChange: (page: number) => void): Paging | undefined {
  return data && { page: data.page, pageSize: data.pageSize, total: data.total, totalCapped: data.totalCapped, onPageChange };
}

/** What the table reads from a react-query result: first load, refetch, error and retry. */
export interface TableQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** the rows shown are the previous page's while the next one loads */
  isPlaceholderData?: boolean;
}

interface Props<T> {
  /** the rows; undefined while the first load runs */
  records: T[] | undefined;
  columns: AppColumn<T>[];
  /** the original app's empty text */
  empty: string;
  /** the original app's loading text, beside the spinner, where it has one */
  loadingText?: string;
  /** shown under the empty text (a link to clear filters, say) */
  emptyAction?: ReactNode;
  /** the query the rows come from: its loading and error states, and the retry */
  query?: TableQuery;
  /** the title of the error box */
  errorText?: string;
  paging?: Paging;
  /** per-row actions: the last column, kept in view (pinned to the right edge) from tablet width up */
  actions?: { title?: string; render: (record: T, index: number) => ReactNode };
  /**
   * On a phone, below this width (px) the table scrolls sideways inside its frame instead of
   * squeezing its columns. From tablet width up, where the actions are pinned, it does not apply.
   */
  minWidth?: number;
  /** a taller table scrolls inside this height, its header staying in view */
  maxHeight?: number;
  idAccessor?: (keyof T & string) | ((record: T) => string | number);
  'aria-label'?: string;
  /** tighter rows, for small tables inside a card or an alert */
  compact?: boolean;
}

const ACTIONS = '__actions';

/**
 * The one table of the app (mantine-datatable): paging on the server with "first–last of total",
 * a loading overlay, the page's empty text, an error with a retry, sideways scrolling inside its
 * own frame with a visible scrollbar, and row actions that stay in view.
 */
export function AppTable<T>({
  records,
  columns,
  empty,
  loadingText,
  emptyAction,
  query,
  errorText,
  paging,
  actions,
  minWidth,
  maxHeight,
  idAccessor,
  compact,
  'aria-label': ariaLabel,
}: Props<T>) {
  const { t, serverText } = useSharedText();
  // On a phone a pinned column would cover most of the row: there the actions scroll like the rest.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rows = records ?? [];
  const loading = query ? query.isPending || Boolean(query.isPlaceholderData) : false;
  const failed = query?.isError ?? false;

  const allColumns: AppColumn<T>[] = actions
    ? [
        ...columns,
        {
          accessor: ACTIONS,
          title: actions.title ?? t('list.actions'),
          textAlign: 'right',
          // No width: the column is as wide as its buttons (a set width cut them: "Complet").
          noWrap: true,
          render: actions.render,
        },
      ]
    : columns;

  const error = failed && (
    <Alert color="red" title={errorText ?? t('list.failed')} mb={records?.length ? 'sm' : undefined}>
      <Group justify="space-between">
        <Text size="sm">{serverText(errorMessage(query?.error))}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => query?.refetch()} loading={query?.isFetching}>
          {t('list.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
  // With nothing to show, the error is the whole answer; rows kept from before stay under it.
  if (failed && !records?.length) return error;

  const pagingProps =
    paging && paging.total > 0
      ? {
          page: paging.page,
          onPageChange: paging.onPageChange,
          totalRecords: paging.total,
          recordsPerPage: paging.pageSize,
          paginationText: () => pageRange(paging.page, paging.pageSize, paging.total, t, paging.totalCapped),
          paginationSize: 'sm' as const,
        }
      : {};

  // mantine-datatable takes either its own loader's size or a loader of ours, not both.
  const loaderProps = loadingText
    ? {
        customLoader: (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {loadingText}
            </Text>
          </Group>
        ),
      }
    : { loaderSize: 'sm' as const };

  return (
    <>
      {error}
      <DataTable<T>
        aria-label={ariaLabel}
        records={rows}
        columns={allColumns}
        idAccessor={idAccessor}
        fetching={loading}
        {...loaderProps}
        minHeight={rows.length === 0 ? 160 : undefined}
        maxHeight={maxHeight}
        emptyState={
          // Its action takes taps only while the table is empty: fading out as the rows arrive, the
          // empty text sat over a row's buttons and took their taps.
          <Stack align="center" gap={4} style={{ pointerEvents: rows.length === 0 ? 'auto' : 'none' }}>
            <Text c="dimmed" ta="center">
              {empty}
            </Text>
            {emptyAction}
          </Stack>
        }
        noRecordsText={empty}
        striped
        highlightOnHover
        verticalSpacing={compact ? 4 : 'sm'}
        // A little tighter at a desk, where every column has to fit beside the pinned actions.
        horizontalSpacing={wide ? 8 : 'xs'}
        fz="sm"
        withTableBorder
        borderRadius="sm"
        pinLastColumn={Boolean(actions) && wide}
        scrollAreaProps={{ type: 'auto', offsetScrollbars: 'present' }}
        // An empty table keeps its empty text in view instead of scrolling it sideways. With the actions
        // pinned, a table wider than its frame slid its last data columns under them (GST and Status
        // at 1280 px): there the columns wrap to fit instead.
        styles={minWidth && rows.length > 0 && !wide ? { table: { minWidth } } : undefined}
        {...pagingProps}
      />
    </>
  );
}
