import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useAfterIdle } from '../../lib/whenIdle';
import { useSharedText } from '../../i18n/sharedText';
import type { LeadQueue } from '../../../../shared/constants';
import { requirementText } from '../../../../shared/leads';
import type { NotConnectedOutcome } from '../../../../shared/schemas/lead-work';
import { isCallEnded, UNANSWERED_OUTCOME } from '../../../../shared/telephony';
import { errorMessage, trpc } from '../../trpc';
import { formatDateTime, zonedParts } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { sendOrKeep, unsent } from '../../lib/outbox';
import { QueryState } from '../QueryState';
import { ButtonLink } from '../ButtonLink';
import { Icon } from '../layout/icons';
import { CallTimerDisplay } from './CallTimerDisplay';
import { LeadForm, type CallFields } from './LeadForm';
import { LeadHistory } from './LeadHistory';
import { LeadDetailsList } from './LeadDetailsList';
import { HandoverNote } from './HandoverNote';
import { NotConnectedButtons } from './NotConnectedButtons';
import { SendDemoMenu } from './SendDemoMenu';
import { StatusBadge, useCallbackWhen } from './leadBadges';
import { markOpenLeadStale, nextHeldLead, openLeadQuery, placeholderDetail, type LeadDetail } from './openLead';
import { QUEUE_PATHS, queuePath } from './queuePages';
import { useCallTimer } from './useCallTimer';
import { dialer, useDialer } from './dialer';
import { DialerBar } from './DialerBar';
import { ProviderCallState, unansweredText } from './ProviderCallState';
import { usePhoneTelephony } from './phoneTelephony';
import { isBusyLead, isDoNotCall, useProviderCall } from './useProviderCall';

interface Props {
  leadId: number;
  /** the queue the lead was opened from */
  queue: LeadQueue | undefined;
}

/** Lead Details: opening it is Process Lead (a new or pending lead becomes '6'); everything the call needs on one screen. */
export function LeadDetailsPage({ leadId, queue }: Props) {
  const { t } = useTranslation();
  const open = useQuery({ ...openLeadQuery(leadId, queue), placeholderData: () => placeholderDetail(leadId, queue) });
  // No connection (the open waits, or it failed on the way): the lead is worked from its queue card
  // and what is submitted waits on the phone.
  const offline = open.fetchStatus === 'paused' || (open.isError && unsent(open.error));
  const card = offline ? (open.isPlaceholderData ? open.data : placeholderDetail(leadId, queue)) : undefined;
  if (card) return <LeadWork detail={card} queue={queue} ready />;
  return (
    <QueryState query={open} errorText={t('lead.openFailed')}>
      {(detail) => <LeadWork detail={detail} queue={queue} ready={!open.isPlaceholderData} />}
    </QueryState>
  );
}

/** When an unanswered lead comes back: the time today, the date and time otherwise. */
function comesBackAt(retryAt: string): string {
  const at = zonedParts(retryAt);
  const today = zonedParts(new Date().toISOString());
  if (!at) return retryAt;
  return at.date === today?.date ? (at.time ?? '') : formatDateTime(retryAt);
}

/** `ready` is false while the page shows the queue's card and the open is still on its way: no action yet. */
function LeadWork({ detail, queue, ready }: { detail: LeadDetail; queue: LeadQueue | undefined; ready: boolean }) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const callbackWhen = useCallbackWhen();
  const { me } = useRouteContext({ from: '/_user' });
  const { lead } = detail;
  const timer = useCallTimer(lead.id);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const listPath = queue ? queuePath(queue, me.userType === 'Telicaller-hade') : '/';
  const around = detail.queue;
  // The page's own ways on (submitted, kept, not connected, Cancel) never ask before leaving the form.
  const leaving = useRef(false);
  // Below the form (the demo menu, the lead's fields, its history) comes after the first paint: on a
  // slow phone the form shows sooner, the call and the outcome being what the telecaller is here for.
  const rest = useAfterIdle();
  const phone = usePhoneTelephony();
  const providerOn = phone.data?.enabled === true;
  const provider = useProviderCall(lead.id);
  const dialing = useDialer();
  const dialerHere = providerOn && queue && dialing?.queue === queue ? dialing : null;
  // How the lead was called last: what the outcome is sent with (callFields).
  const [way, setWay] = useState<'provider' | 'phone' | null>(() => (provider.callId !== null ? 'provider' : timer.called ? 'phone' : null));
  // The dialer places a lead's call once; the telecaller's own taps always place it.
  const dialed = useRef(false);

  /** Work the queue: the next lead of the same queue opens in place of this one; the list when none is left. */
  const goOn = (nextId: number | null) => {
    leaving.current = true;
    provider.forget();
    markOpenLeadStale(lead.id);
    if ((!nextId || !queue) && dialerHere) {
      dialer.stop();
      notifications.show({ message: t('dialer.done') });
    }
    void utils.work.queue.invalidate();
    void utils.dashboard.tiles.invalidate();
    if (nextId && queue) void navigate({ to: '/leadspage/lead/$leadId', params: { leadId: String(nextId) }, search: { queue }, replace: true });
    else void navigate({ to: listPath, replace: true });
  };

  /**
   * The next lead without the server's answer (the submission is on its way from the outbox, or waits
   * there): the one after this in the queue as the open answered it, or in the page the phone holds;
   * never one whose submission waits too.
   */
  const goOnHeld = () => {
    leaving.current = true;
    const serverNext = around?.nextId ?? null;
    void (queue ? nextHeldLead(me.id, queue, lead.id, serverNext) : Promise.resolve(serverNext)).then(goOn, () => goOn(serverNext));
  };

  /** The connection failed: what was submitted waits on the phone; the telecaller goes on. */
  const kept = () => {
    timer.stop();
    notifications.show({ color: 'orange', message: t('lead.kept') });
    goOnHeld();
  };

  const notConnected = useMutation({
    networkMode: 'always',
    mutationFn: (input: { leadId: number; outcome: NotConnectedOutcome; queue: LeadQueue | undefined } & CallFields) =>
      sendOrKeep('notConnected', input, { userId: me.id, leadName: lead.name }),
    onSuccess: (sent, input) => {
      if (sent.queued) return kept();
      const result = sent.result;
      timer.stop();
      const outcome = t(`shared.notConnected.${input.outcome}`);
      notifications.show({
        color: result.retryAt ? 'orange' : 'red',
        message: result.retryAt
          ? t('lead.comesBack', { outcome, attempts: result.attempts, limit: detail.attemptLimit, at: comesBackAt(result.retryAt) })
          : t('lead.madeInvalid', { outcome, attempts: result.attempts }),
      });
      goOn(result.nextId);
    },
    onError: (err) => notifyFailure(t('lead.recordFailed'), err, undefined, serverText),
  });

  /** The call an outcome is about: the provider's (the server takes its talk time), the phone's (the timer), or none. */
  const callFields = (): CallFields => {
    if (way === 'provider' && provider.callId !== null) return { call_id: provider.callId, call_duration: provider.call?.talkSeconds ?? 0 };
    if (way === 'phone') return { call_via: 'phone', call_duration: timer.elapsed() };
    // With a provider, time spent on the form without a call is no call time.
    return { call_duration: providerOn ? 0 : timer.elapsed() };
  };

  const pickNotConnected = (outcome: NotConnectedOutcome) => notConnected.mutate({ leadId: lead.id, outcome, queue, ...callFields() });

  /** On to the next lead without calling this one (the dialer's Skip): nothing is recorded. */
  const skip = () => {
    dialer.placed(lead.id);
    timer.stop();
    goOnHeld();
  };

  const placeCall = (byDialer: boolean) => {
    dialed.current = true;
    setWay('provider');
    dialer.placed(lead.id);
    provider.place(byDialer, (err) => {
      // Someone else is on a call with this lead, or it asked not to be called: the dialer goes on to the next one.
      if (!dialer.current()) return;
      const message = serverText(errorMessage(err, ''));
      if (isBusyLead(err)) notifications.show({ color: 'orange', message: t('dialer.busyLead', { message }) });
      else if (isDoNotCall(err)) notifications.show({ color: 'orange', message: t('dialer.doNotCall', { message }) });
      else return;
      skip();
    });
  };

  /** Call (or Call again): a new try after a refusal, placed for the dialer while it runs. */
  const callTapped = () => {
    provider.resetRefusal();
    placeCall(Boolean(dialerHere));
  };

  const phoneCall = () => {
    setWay('phone');
    timer.callStarted();
  };

  // The provider reported the lead not reached: the server recorded the attempt; the phone goes on, no tap needed.
  const call = provider.call;
  const unanswered = call && isCallEnded(call.status) && UNANSWERED_OUTCOME[call.status] && call.attempt ? call : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per call that ended unanswered
  useEffect(() => {
    if (!unanswered || leaving.current || notConnected.isPending) return;
    timer.stop();
    notifications.show({ color: unanswered.attempt?.retryAt ? 'orange' : 'red', message: unansweredText(t, unanswered, detail.attemptLimit, comesBackAt) });
    goOnHeld();
  }, [unanswered?.id]);

  const cancel = () => {
    leaving.current = true;
    timer.stop();
    if (dialerHere) dialer.stop();
    void navigate({ to: listPath, replace: true });
  };

  const requirement = requirementText(lead.requirement);

  return (
    <Stack gap="sm" maw={1200} w="100%" mx="auto">
      {around && (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <NeighbourButton leadId={around.previousId} queue={around.name} label={t('lead.previous')} icon="chevronLeft" />
          <ButtonLink to={listPath} variant="subtle" size="sm" px="xs" style={{ minWidth: 0 }}>
            <Text span size="sm" truncate="end">
              {t(`titles.${QUEUE_PATHS[around.name]}`)}
            </Text>
          </ButtonLink>
          <NeighbourButton leadId={around.nextId} queue={around.name} label={t('lead.next')} icon="chevronRight" />
        </Group>
      )}

      <div>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {lead.name || t('queue.noName')}
        </Title>
        <Group gap={6} mt={6}>
          <Anchor
            href={`tel:${lead.mobile}`}
            onClick={phoneCall}
            fw={600}
            // A thumb's target: 44 px high, as tall as the row allows.
            style={{ fontVariantNumeric: 'tabular-nums', display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {lead.mobile}
          </Anchor>
          <StatusBadge status={lead.status} />
          {lead.dnc && (
            <Badge variant="filled" color="red" radius="sm" tt="none">
              {t('lead.dnc')}
            </Badge>
          )}
          {lead.landline && (
            <Badge variant="light" color="grape" radius="sm" tt="none" title={t('lead.landlineHint')}>
              {t('lead.landline')}
            </Badge>
          )}
          {lead.attempts > 0 && (
            <Badge variant="light" color="gray" radius="sm" tt="none">
              {t('queue.attempts', { count: lead.attempts })}
            </Badge>
          )}
          {lead.callback_date && (
            <Badge variant="light" color="cyan" radius="sm" tt="none">
              {t('queue.callback', { when: callbackWhen(lead.callback_date, lead.callback_time) })}
            </Badge>
          )}
          {lead.assigned_by_name && (
            <Text size="sm" fw={500}>
              {t('queue.assignedBy', { name: lead.assigned_by_name })}
            </Text>
          )}
        </Group>
        {(lead.area || requirement) && (
          <Text size="sm" c="dimmed" lineClamp={2} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {[lead.area, requirement].filter(Boolean).join(' · ')}
          </Text>
        )}
      </div>

      {detail.variant === 'head' && ready && <HandoverNote items={detail.history} headId={me.id} />}

      {dialerHere && phone.data && (
        <DialerBar
          seconds={dialerHere.callNow === lead.id ? 0 : phone.data.countdownSeconds}
          waiting={!ready || provider.callId !== null || provider.placing || Boolean(provider.refused)}
          onCall={provider.callId !== null}
          onDial={() => {
            if (!dialed.current) placeCall(true);
          }}
          onSkip={skip}
        />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm">
              {/* With a provider Call asks the server to place the call; without one it is the phone's own dialler. */}
              <Button
                {...(providerOn
                  ? { onClick: callTapped, loading: provider.placing, disabled: !ready || provider.open }
                  : { component: 'a' as const, href: `tel:${lead.mobile}`, onClick: phoneCall })}
                size="lg"
                h={56}
                px="sm"
                color="green"
                leftSection={<Icon name="phone" size={22} />}
              >
                {t('lead.call')}
              </Button>
              <Button
                component="a"
                href={ready && detail.whatsapp.link ? detail.whatsapp.link : undefined}
                disabled={!ready || !detail.whatsapp.link}
                target="_blank"
                rel="noopener noreferrer"
                size="lg"
                h={56}
                px="sm"
                color="teal"
                variant="light"
                leftSection={<Icon name="chat" size={22} />}
              >
                {t('lead.whatsapp')}
              </Button>
            </SimpleGrid>

            {providerOn && !provider.refused && (
              <Anchor
                href={`tel:${lead.mobile}`}
                onClick={phoneCall}
                size="sm"
                fw={500}
                mt={-6}
                // Under the Call button, smaller, still a thumb's height.
                style={{ display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start', minHeight: 44 }}
              >
                {t('call.viaPhone')}
              </Anchor>
            )}

            {providerOn && (
              <ProviderCallState
                call={call}
                placing={provider.placing}
                refused={provider.refused}
                mobile={lead.mobile}
                attemptLimit={detail.attemptLimit}
                comesBackAt={comesBackAt}
                onCallAgain={callTapped}
                onPhoneCall={phoneCall}
              />
            )}

            {/* With a provider the app's timer only times a call made from the phone (the fallback), and says so. */}
            {(!providerOn || way === 'phone') && <CallTimerDisplay timer={timer} fallback={providerOn} />}

            <NotConnectedButtons
              pending={notConnected.isPending ? (notConnected.variables?.outcome ?? null) : null}
              disabled={!ready}
              onPick={pickNotConnected}
            />

            <Paper withBorder radius="md" p="md">
              <LeadForm
                key={detail.variant}
                ready={ready}
                detail={detail}
                queue={queue}
                meId={me.id}
                callFields={callFields}
                onCancel={cancel}
                leaving={() => leaving.current}
                onKept={kept}
                onSubmitted={(result) => {
                  timer.stop();
                  // On its way from the outbox: the header's notices say when the server has it.
                  if (!result) return goOnHeld();
                  notifySuccess(t('lead.submitted'));
                  goOn(result.nextId);
                }}
              />
            </Paper>

            {rest && <SendDemoMenu mobile={lead.mobile} />}

            {rest && (
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <SimpleGrid cols={2} spacing="sm">
                    <TextInput label={t('lead.name')} value={lead.name} readOnly size="md" variant="filled" />
                    <TextInput label={t('lead.area')} value={lead.area} readOnly size="md" variant="filled" />
                  </SimpleGrid>
                  <Textarea label={t('lead.service')} value={requirement} readOnly autosize minRows={1} maxRows={10} size="md" variant="filled" />
                  {ready && <LeadDetailsList detail={detail} />}
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {rest && <LeadHistory items={ready ? detail.history : null} events={ready ? detail.events : []} changes={ready ? detail.changes : []} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NeighbourButton({ leadId, queue, label, icon }: { leadId: number | null; queue: LeadQueue; label: string; icon: 'chevronLeft' | 'chevronRight' }) {
  const side = icon === 'chevronLeft' ? { leftSection: <Icon name={icon} size={18} /> } : { rightSection: <Icon name={icon} size={18} /> };
  if (!leadId) {
    return (
      <Button variant="default" size="sm" disabled {...side} style={{ flex: 'none' }}>
        {label}
      </Button>
    );
  }
  return (
    <ButtonLink
      to="/leadspage/lead/$leadId"
      params={{ leadId: String(leadId) }}
      search={{ queue }}
      replace
      variant="default"
      size="sm"
      {...side}
      style={{ flex: 'none' }}
    >
      {label}
    </ButtonLink>
  );
}
