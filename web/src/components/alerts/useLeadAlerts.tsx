import { useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { trpc } from '../../trpc';
import { isLeadAlertMessage, type LeadAlertMessage } from '../../../../shared/alerts';
import { takeAlert } from './alertStore';
import { showAlertNotification, type AlertWords } from './notify';
import { ensurePushSubscription } from './pushSubscription';
import { whenIdle } from '../../lib/whenIdle';

/** Long enough to tap Open: the app's other toasts go after 2-3 s. */
const ALERT_TOAST_MS = 6_000;

export function alertWords(a: LeadAlertMessage, t: TFunction): AlertWords {
  switch (a.kind) {
    case 'lead_routed':
      return { title: t('alerts.leadRouted'), body: t('alerts.leadRoutedBody', { name: a.leadName }) };
    case 'repeat_enquiry':
      return { title: t('alerts.repeatEnquiry'), body: t('alerts.repeatEnquiryBody', { name: a.leadName }) };
    case 'lead_called':
      return { title: t('alerts.leadCalled'), body: t('alerts.leadCalledBody', { name: a.leadName }) };
    default:
      return { title: t('reminders.toastTitle'), body: t('alerts.callbackDueBody', { name: a.leadName }) };
  }
}

const parse = (data: unknown): LeadAlertMessage | null => (isLeadAlertMessage(data) ? data : null);

/**
 * Alerts while the app is open (docs/alerts.md): the server's event stream (EventSource reconnects by
 * itself), and the service worker's messages (a Web Push that found the app on screen). Each alert once:
 * a toast with Open, the lists it changes fetched again, the bell; a system notification when the page is
 * hidden. Also renews this browser's Web Push subscription on start when notifications are allowed.
 */
export function useLeadAlerts(enabled: boolean): void {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const router = useRouter();
  // The latest texts and helpers, without reopening the stream when the language changes.
  const latest = useRef({ t, utils, router });
  latest.current = { t, utils, router };

  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      const { utils } = latest.current;
      void utils.work.queue.invalidate();
      void utils.dashboard.tiles.invalidate();
      void utils.work.reminders.invalidate();
    };
    const receive = (a: LeadAlertMessage) => {
      if (!takeAlert(a)) return;
      const { t, router } = latest.current;
      const words = alertWords(a, t);
      refresh();
      if (document.visibilityState === 'hidden') {
        void showAlertNotification(a, words).catch((err: unknown) => console.warn('alert notification failed', err));
        return;
      }
      const id = `alert-${a.kind}-${a.leadId}-${a.at}`;
      notifications.show({
        id,
        color: a.kind === 'callback_due' ? 'orange' : 'blue',
        title: words.title,
        autoClose: ALERT_TOAST_MS,
        message: (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {words.body}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              style={{ flex: 'none' }}
              onClick={() => {
                notifications.hide(id);
                void router.navigate({ href: a.url });
              }}
            >
              {t('alerts.open')}
            </Button>
          </Group>
        ),
      });
    };

    let source: EventSource | null = null;
    const listen = () => {
      source = new EventSource('/api/events');
      let opened = false;
      source.addEventListener('open', () => {
        // Back after a break (a restart, the phone's network): what it missed is fetched again.
        if (opened) refresh();
        opened = true;
      });
      source.addEventListener('alert', (e) => {
        try {
          const a = parse(JSON.parse((e as MessageEvent<string>).data));
          if (a) receive(a);
        } catch {
          /* not an alert */
        }
      });
      void ensurePushSubscription(latest.current.utils);
    };
    // Once the first screen is drawn: the stream holds one of the browser's few connections to the server.
    const cancel = whenIdle(listen);
    const fromWorker = (e: MessageEvent) => {
      const data = e.data as { type?: string; alert?: unknown; url?: unknown } | null;
      // A tap on a notification, for a window the worker could not navigate itself.
      if (data?.type === 'open-url' && typeof data.url === 'string') {
        const url = new URL(data.url, location.origin);
        if (url.origin === location.origin) void latest.current.router.navigate({ href: url.pathname + url.search });
        return;
      }
      if (data?.type !== 'lead-alert') return;
      const a = parse(data.alert);
      if (a) receive(a);
    };
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      cancel();
      source?.close();
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [enabled]);
}
