import { Paper, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { zonedParts } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { routingText } from './routingText';

/** A telecaller's or head's own break: routing passes them by while it is on. It says what routing does for them now. */
export function BreakSwitch() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const mine = trpc.routing.myBreak.useQuery();
  const set = trpc.routing.setMyBreak.useMutation({
    onSuccess: (answer) => utils.routing.myBreak.setData(undefined, answer),
    onError: (err) => notifyFailure(t('myBreak.failed'), err),
  });
  const onBreak = set.isPending ? (set.variables?.onBreak ?? false) : (mine.data?.onBreak ?? false);
  const since = mine.data?.breakSince ? zonedParts(mine.data.breakSince)?.time : null;
  const routing = mine.data?.routing;
  // Off, or heads left out: the break changes nothing, and saying so comes first.
  const passedBy = routing && (!routing.on || routing.reason === 'head_not_included');
  const description = !routing ? null : onBreak && !passedBy ? t('myBreak.on', { time: since ?? '' }) : routingText(t, routing);
  return (
    <Paper withBorder p="sm" radius="md" bg={onBreak ? 'var(--mantine-color-orange-light)' : undefined}>
      <Switch
        size="md"
        color="orange"
        label={t('myBreak.label')}
        description={description}
        checked={onBreak}
        disabled={!mine.data || set.isPending}
        onChange={(e) => set.mutate({ onBreak: e.currentTarget.checked })}
        styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1 } }}
      />
    </Paper>
  );
}
