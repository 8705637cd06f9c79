import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallLogRow } from '../../../../shared/schemas/summaries';

type MarkKind = 'verified' | 'appTimer' | 'noCall';

/** A mark's text and what it means; the company's pages use these, the telecaller's pass theirs (i18n). */
export type MarkTexts = Record<MarkKind, { label: string; tip: string }>;

export const COMPANY_MARK_TEXTS: MarkTexts = {
  verified: { label: 'Verified', tip: 'Reported by your telephony provider: its status and talk time are the provider’s' },
  appTimer: { label: 'App timer', tip: 'Dialled from the telecaller’s phone: timed by the app' },
  noCall: { label: 'No call', tip: 'An outcome submitted without a call made from the app, while your provider was on' },
};

const LOOK: Record<MarkKind, { color: string; prefix: string }> = {
  verified: { color: 'teal', prefix: '✓ ' },
  appTimer: { color: 'gray', prefix: '' },
  noCall: { color: 'red', prefix: '' },
};

/**
 * A figure or a call the company's telephony provider reported (verified), one the app timed (a call
 * dialled from the phone), or an outcome with no call behind it (docs/call-facts.md).
 */
export function VerifiedMark({ kind = 'verified', texts = COMPANY_MARK_TEXTS, tip }: { kind?: MarkKind; texts?: MarkTexts; tip?: string }) {
  const { label } = texts[kind];
  const meaning = tip ?? texts[kind].tip;
  return (
    <Tooltip label={meaning} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        component="span"
        size="xs"
        variant="light"
        color={LOOK[kind].color}
        radius="sm"
        tt="none"
        tabIndex={0}
        aria-label={`${label}: ${meaning}`}
        style={{ flex: 'none' }}
      >
        {LOOK[kind].prefix}
        {label}
      </Badge>
    </Tooltip>
  );
}

/** The mark of a call log row, if it has one. */
export function CallMark({ call, texts }: { call: Pick<CallLogRow, 'call_via' | 'no_call'>; texts?: MarkTexts }) {
  if (call.call_via === 'provider') return <VerifiedMark texts={texts} />;
  if (call.call_via === 'phone') return <VerifiedMark kind="appTimer" texts={texts} />;
  if (call.no_call) return <VerifiedMark kind="noCall" texts={texts} />;
  return null;
}

/** The marks' texts in the telecaller's language (the user area's pages). */
export function useMarkTexts(): MarkTexts {
  const { t } = useTranslation();
  return {
    verified: { label: t('callLogs.marks.verified'), tip: t('callLogs.marks.verifiedTip') },
    appTimer: { label: t('callLogs.marks.appTimer'), tip: t('callLogs.marks.appTimerTip') },
    noCall: { label: t('callLogs.marks.noCall'), tip: t('callLogs.marks.noCallTip') },
  };
}
