import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { serverAnswered } from '../../lib/notify';
import {
  CHOOSE_ASSIGNEE,
  DistributeInput,
  MAX_DISTRIBUTE,
  MAX_DISTRIBUTE_USERS,
  evenShares,
  type Assignee,
  type DistributeResult,
  type Pool,
} from '../../../../shared/schemas/distribution';
import { assigneeOption, formatCount, holdings, plural } from './format';
import { assigneeOptionRenderer } from './AssigneeOption';
import { DistributionResult } from './DistributionResult';

type Mode = 'one' | 'several';
// Select values: 'all', or 'c:' + the category (a category may be called anything, even "all").
const ALL = 'all';
const optionValue = (category: string) => `c:${category}`;

interface Props {
  pool: Pool;
  assignees: Assignee[];
}

/** Choose who gets leads (one telecaller or head, or several), how many and from which category. */
export function DistributeForm({ pool, assignees }: Props) {
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>('one');
  const [telecallerId, setTelecallerId] = useState<string | null>(null);
  const [headId, setHeadId] = useState<string | null>(null);
  const [several, setSeveral] = useState<string[]>([]);
  const [count, setCount] = useState<number | string>('');
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ assignee?: string; count?: string }>({});
  const [result, setResult] = useState<DistributeResult | null>(null);

  const active = assignees.filter((a) => !a.blocked);
  const telecallers = active.filter((a) => a.user_type === 'Telicaller');
  const heads = active.filter((a) => a.user_type === 'Telicaller-hade');
  const renderOption = useMemo(() => assigneeOptionRenderer(assignees), [assignees]);
  const chosen = mode === 'one' ? active.find((a) => String(a.id) === (telecallerId ?? headId)) : undefined;

  // A category emptied by this or another distribution leaves the list: fall back to all.
  useEffect(() => {
    if (category !== null && !pool.categories.some((c) => c.category === category)) setCategory(null);
  }, [pool, category]);

  const userIds = (mode === 'one' ? [telecallerId ?? headId] : several).filter((v): v is string => !!v).map(Number);
  const available = category === null ? pool.total : (pool.categories.find((c) => c.category === category)?.count ?? 0);
  const requested = typeof count === 'number' ? count : 0;
  const categoryName = category ?? 'all categories';

  const preview = useMemo(() => {
    if (requested < 1 || available === 0) return null;
    const willAssign = Math.min(requested, available);
    const parts: string[] = [];
    if (requested > available) parts.push(`Only ${plural(available, 'unassigned lead')} in ${categoryName}: ${formatCount(willAssign)} will be assigned.`);
    if (mode === 'several' && userIds.length > 1 && willAssign > 0) {
      const shares = evenShares(willAssign, userIds.length);
      const most = shares[0]!;
      const fewer = shares.filter((s) => s < most).length;
      parts.push(
        fewer === 0
          ? `Each of the ${userIds.length} gets ${plural(most, 'lead')}.`
          : `${shares.length - fewer === 1 ? 'The first person chosen gets' : `The first ${shares.length - fewer} chosen get`} ${formatCount(most)}; ${
              fewer === 1 ? 'the last gets' : `the other ${fewer} get`
            } ${formatCount(most - 1)}.`,
      );
    }
    return parts.join(' ');
  }, [requested, available, categoryName, mode, userIds.length]);

  const distribute = trpc.distribution.distribute.useMutation({
    onSuccess: (r) => {
      setResult(r);
      if (r.assigned > 0) notifySuccess('Leads distributed successfully!');
      else notifications.show({ message: r.message, color: 'orange', autoClose: 3000 });
      void utils.distribution.pool.invalidate();
      void utils.distribution.assignees.invalidate();
      void utils.dashboard.subadmin.invalidate();
    },
    onError: (err) => {
      if (!serverAnswered(err)) {
        notifications.show({ message: 'Something went wrong!', color: 'red', autoClose: 3000 });
        return;
      }
      notifications.show({ message: `Error: ${err.message}`, color: 'red', autoClose: 3000 });
      const fields = err.data?.fieldErrors;
      if (fields) setErrors({ assignee: fields.userIds, count: fields.count });
      // Someone may have been blocked or removed meanwhile: show the lists as they are now.
      void utils.distribution.assignees.invalidate();
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = { userIds, count: count === '' ? undefined : count, category };
    const parsed = DistributeInput.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'userIds' ? 'assignee' : issue.path[0] === 'count' ? 'count' : null;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setResult(null);
    distribute.mutate({ userIds: parsed.data.userIds, count: parsed.data.count, category: parsed.data.category });
  }

  const clearAssigneeError = () => setErrors((e) => ({ ...e, assignee: undefined }));
  const categoryOptions = [
    { value: ALL, label: `All categories (${formatCount(pool.total)})` },
    ...pool.categories.map((c) => ({ value: optionValue(c.category), label: `${c.category} (${formatCount(c.count)})` })),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={4}>Give out leads</Title>
            <Text size="sm" c="dimmed">
              The oldest unassigned leads go first. Counts show what each person holds untouched now and got today.
            </Text>
          </div>

          {pool.total === 0 && (
            <Alert color="gray" variant="light" title="No unassigned leads">
              Every lead has been given out. New uploads and IndiaMART leads appear here as soon as they arrive.
            </Alert>
          )}

          <SegmentedControl
            value={mode}
            onChange={(v) => {
              setMode(v as Mode);
              clearAssigneeError();
            }}
            data={[
              { value: 'one', label: 'One person' },
              { value: 'several', label: 'Several, split evenly' },
            ]}
            aria-label="Give leads to"
            fullWidth
          />

          {mode === 'one' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Telecaller"
                placeholder={telecallers.length ? 'Select a telecaller' : 'No telecallers'}
                data={telecallers.map(assigneeOption)}
                value={telecallerId}
                onChange={(v) => {
                  setTelecallerId(v);
                  if (v) setHeadId(null);
                  clearAssigneeError();
                }}
                searchable
                clearable
                renderOption={renderOption}
                nothingFoundMessage="No telecaller found"
                error={errors.assignee ? true : undefined}
              />
              <Select
                label="Telecaller head"
                placeholder={heads.length ? 'Select a telecaller head' : 'No telecaller heads'}
                data={heads.map(assigneeOption)}
                value={headId}
                onChange={(v) => {
                  setHeadId(v);
                  if (v) setTelecallerId(null);
                  clearAssigneeError();
                }}
                searchable
                clearable
                renderOption={renderOption}
                nothingFoundMessage="No telecaller head found"
                error={errors.assignee ? true : undefined}
              />
            </SimpleGrid>
          ) : (
            <MultiSelect
              label="Telecallers and telecaller heads"
              description={`Up to ${MAX_DISTRIBUTE_USERS}; the number of leads below is split evenly between them.`}
              placeholder={several.length ? undefined : 'Select people'}
              data={[
                { group: 'Telecallers', items: telecallers.map(assigneeOption) },
                { group: 'Telecaller heads', items: heads.map(assigneeOption) },
              ].filter((g) => g.items.length)}
              value={several}
              onChange={(v) => {
                setSeveral(v);
                clearAssigneeError();
              }}
              maxValues={MAX_DISTRIBUTE_USERS}
              searchable
              clearable
              hidePickedOptions
              renderOption={renderOption}
              nothingFoundMessage="Nobody found"
              error={errors.assignee ? true : undefined}
            />
          )}
          {chosen && (
            <Text size="sm" c="dimmed" mt={-8}>
              {chosen.name}: {holdings(chosen)}.
            </Text>
          )}
          {errors.assignee && (
            <Text c="red" size="sm" role="alert" mt={-8}>
              {errors.assignee === CHOOSE_ASSIGNEE && mode === 'several' ? 'Please select at least one telecaller or telecaller head.' : errors.assignee}
            </Text>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={mode === 'several' ? 'Number of leads (in total)' : 'Number of leads'}
              placeholder="e.g. 100"
              required
              min={1}
              max={MAX_DISTRIBUTE}
              // What was typed stays as typed (2.5, 0, -1) and the rule's message says what is wrong:
              // dropping the point or the sign, or clamping, changed the number unseen.
              clampBehavior="none"
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              value={count}
              onChange={(v) => {
                setCount(v);
                setErrors((e) => ({ ...e, count: undefined }));
              }}
              error={errors.count}
            />
            <Select
              label="Category"
              data={categoryOptions}
              value={category === null ? ALL : optionValue(category)}
              onChange={(v) => setCategory(v && v !== ALL ? v.slice(2) : null)}
              allowDeselect={false}
            />
          </SimpleGrid>

          {preview && (
            <Alert color={requested > available ? 'orange' : 'blue'} variant="light" p="xs">
              <Text size="sm">{preview}</Text>
            </Alert>
          )}

          <Group justify="flex-end">
            <Button type="submit" loading={distribute.isPending} disabled={pool.total === 0}>
              Distribute
            </Button>
          </Group>

          {result && <DistributionResult result={result} onClose={() => setResult(null)} />}
        </Stack>
      </form>
    </Paper>
  );
}
