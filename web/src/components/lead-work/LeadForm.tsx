import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useSharedText, withMessageIn } from '../../i18n/sharedText';
import type { LeadQueue } from '../../../../shared/constants';
import { LEAD_QUALITIES, LeadFormInput, SUBMIT_STATUSES, type FormVariant, type LeadQuality } from '../../../../shared/schemas/lead-work';
import { editableFormFields, feedbackLabels, formFields, leadFormIssues, outcomeNeeds, type LeadFormRuleValues } from '../../../../shared/lead-form-rules';
import { DEFAULT_FEEDBACK, type CompanyShape, type FeedbackChoice } from '../../../../shared/company-shape';
import type { FieldDef } from '../../../../shared/lead-fields';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { FieldInput, type FieldFormValue } from '../lead-fields/fieldInputs';
import { todayIn } from '../../../../shared/dates';
import { LEAD_STATUS_COLORS, formSectionOf } from '../../../../shared/lead-status';
import { useMutation } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { keepAndSend, removeFromOutbox } from '../../lib/outbox';
import { useOutbox } from '../outbox/useOutbox';
import { displayTimeZone } from '../../lib/format';
import { fieldErrorsOf, notifyFailure } from '../../lib/notify';
import { focusFirstError } from '../../lib/focusFirstError';
import type { LeadDetail } from './openLead';
import { ConfirmModal } from '../users/ConfirmModal';
import { ChoiceChips } from './ChoiceChips';

export interface LeadFormValues {
  leadId: number;
  variant: FormVariant;
  queue: LeadQueue | undefined;
  status: string;
  feedback: string | null;
  call_duration: number;
  whatsapp: string;
  optional_number: string;
  telemarketer_handler: string | null;
  demo: boolean;
  project_name: string;
  remarks: string;
  callback: boolean;
  callback_date: string;
  callback_time: string;
  invalid_reason: string;
  lead_quality: LeadQuality | null;
  /** the company's fields, by key (docs/lead-fields.md) */
  fields: Record<string, FieldFormValue>;
}

/**
 * The call an outcome is about: a provider's call (the server takes its talk time), a call dialled
 * from the telecaller's phone (the app's timer), or none made from the app (the timer since the open).
 */
export type CallFields = { call_duration: number; call_id?: number; call_via?: 'phone' };

/** The spec's choices, until the company's shape has come (or when this phone has none kept offline). */
const SPEC_SHAPE: CompanyShape = {
  fields: [],
  feedback: Object.fromEntries(
    SUBMIT_STATUSES.map((s) => [s, DEFAULT_FEEDBACK.filter((d) => d.status === s).map((d): FeedbackChoice => ({ ...d, id: 0, retired: false }))]),
  ) as CompanyShape['feedback'],
};

/** What the form sends of the company's fields: those it shows for the status and the telecaller may edit. */
function sentFields(shape: CompanyShape, status: string, values: Record<string, FieldFormValue>): Record<string, FieldFormValue> {
  return Object.fromEntries(editableFormFields(shape, status).map((f) => [f.key, values[f.key] ?? null]));
}

const ruleValues = (shape: CompanyShape, v: LeadFormValues): LeadFormRuleValues => ({ ...v, fields: sentFields(shape, v.status, v.fields) });

const structural = schemaResolver(LeadFormInput, { sync: true });

interface Props {
  detail: LeadDetail;
  /** false while the lead is still opening: the form can be filled, not sent */
  ready: boolean;
  queue: LeadQueue | undefined;
  /** the signed-in user: a head does not hand a lead to itself */
  meId: number;
  /** the call behind the outcome at the moment of the submit: the provider's call, or the timer's seconds */
  callFields: () => CallFields;
  /** sent: the server's answer; null when it went to the outbox to be sent from there (the page goes on at once) */
  onSubmitted: (result: { nextId: number | null; status: string } | null) => void;
  /** the connection failed: the submission waits on this phone and goes when it can */
  onKept: () => void;
  onCancel: () => void;
  /** true while the page itself moves on (submitted, kept, cancelled, not connected): nothing to ask then */
  leaving: () => boolean;
}

/**
 * Status and feedback first, one tap each, then only the section the status opens
 * (docs/product-rules.md#lead-statuses) and the optional numbers; checked as the server checks.
 */
export function LeadForm({ detail, ready, queue, meId, callFields, onSubmitted, onKept, onCancel, leaving }: Props) {
  const { t } = useTranslation();
  const { serverText, feedbackText } = useSharedText();
  const { lead, variant } = detail;
  const shape = useCompanyShape().data ?? SPEC_SHAPE;
  const form = useForm<LeadFormValues>({
    mode: 'controlled',
    initialValues: {
      leadId: lead.id,
      variant,
      queue,
      status: '',
      feedback: null,
      call_duration: 0,
      whatsapp: '',
      optional_number: '',
      telemarketer_handler: null,
      demo: false,
      project_name: '',
      remarks: '',
      callback: false,
      callback_date: '',
      callback_time: '',
      invalid_reason: '',
      lead_quality: null,
      fields: { ...detail.fields },
    },
    // The schema's checks, then the company's (its choices and fields), the same function the server runs.
    validate: (v) => ({ ...leadFormIssues(shape, ruleValues(shape, v), v.variant, { current: detail.fields }), ...structural(v) }),
  });
  // The card's values are shown first; the open's (every field) fill in what the telecaller has not touched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the open's answer arrives
  useEffect(() => {
    if (!ready) return;
    const touched = Object.fromEntries(Object.entries(form.values.fields).filter(([k]) => form.isDirty(`fields.${k}`)));
    const fields = { ...detail.fields, ...touched };
    form.setInitialValues({ ...form.getInitialValues(), fields: { ...detail.fields } });
    form.setFieldValue('fields', fields);
  }, [ready]);
  const formRef = useRef<HTMLFormElement>(null);
  // Back (on Android a swipe from the edge, easily made by mistake) or a link away from a half-filled form
  // asks first, instead of dropping what was typed.
  const away = useBlocker({ shouldBlockFn: () => form.isDirty() && !leaving(), withResolver: true });
  const { status, callback } = form.values;
  const options = feedbackLabels(shape, variant, status);
  const needs = outcomeNeeds(shape, variant, status, form.values.feedback);
  const shown = formFields(shape, status || null);
  const detailsFields = shown.filter((f) => f.statuses === null);
  const statusFields = shown.filter((f) => f.statuses !== null);
  // What the telecaller reads is in its language; the values sent stay the English the server checks.
  const statusChoices = SUBMIT_STATUSES.map((s) => ({ value: s, label: t(`shared.status.${s}`), color: LEAD_STATUS_COLORS[s] }));
  const feedbackChoices = options.map((f) => ({ value: f, label: feedbackText(f) }));
  const qualityOptions = LEAD_QUALITIES.map((q) => ({ value: q, label: t(`shared.quality.${q}`) }));
  // The messages are the shared schema's (or the server's, the same) English.
  const field = (name: keyof LeadFormValues, options?: { type: 'checkbox' }) => withMessageIn(form.getInputProps(name, options), serverText);
  // A lead handed to a head stays handed; only a telecaller's (or a head's own) interested lead goes to a head.
  const section = formSectionOf(status);
  const handsOver = section === 'interested' && variant !== 'head';
  // Asked for up front, so choosing Interested shows the heads at once.
  const heads = trpc.work.heads.useQuery(undefined, { enabled: variant !== 'head', staleTime: 5 * 60_000 });
  const headOptions = (heads.data ?? []).filter((h) => h.id !== meId).map((h) => ({ value: String(h.id), label: h.name }));

  // This lead's last submit, if the server refused it from the outbox: its values back on the form, its reasons beside them.
  const refused = useOutbox(meId, { send: false }).find((e) => e.kind === 'submit' && e.state === 'refused' && e.leadId === lead.id);
  const refusedKey = refused?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refused submission, not on every render of the form
  useEffect(() => {
    if (refused?.kind !== 'submit') return;
    // The form's own variant and queue stay: the lead may be opened another way now.
    const { client_key: _key, made_at: _at, leadId: _lead, queue: _queue, variant: _variant, ...values } = refused.input;
    // What the form sent (LeadFormValues), as the outbox keeps it.
    const sent = values as Partial<LeadFormValues>;
    // It sent only the fields it could edit: the rest keep what the lead has.
    form.setValues({ ...sent, fields: { ...form.values.fields, ...sent.fields } });
    if (refused.fieldErrors) form.setErrors(refused.fieldErrors);
  }, [refusedKey]);

  const submit = useMutation({
    // Also offline: the submission is kept on the phone first and sent from there, never held on screen.
    networkMode: 'always',
    mutationFn: async (v: LeadFormValues & CallFields) => {
      const sent = await keepAndSend('submit', { ...v, fields: sentFields(shape, v.status, v.fields) }, { userId: meId, leadName: lead.name });
      // This submission replaces the refused one.
      if (refusedKey) await removeFromOutbox(refusedKey).catch(() => {});
      return sent;
    },
    onSuccess: (sent) => {
      if (sent.kept) return sent.offline ? onKept() : onSubmitted(null);
      return sent.queued ? onKept() : onSubmitted(sent.result);
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) {
        form.setErrors(fields);
        focusFirstError(formRef.current);
      }
      notifyFailure(t('form.submitFailed'), err, undefined, serverText);
    },
  });

  const chooseStatus = (value: string) => {
    form.setFieldValue('status', value);
    const nextOptions = feedbackLabels(shape, variant, value);
    const feedback = form.values.feedback;
    // One possible feedback is chosen for the telecaller: a tap saved.
    if (nextOptions.length === 1) chooseFeedback(nextOptions[0]!, value);
    else if (feedback && !nextOptions.includes(feedback)) form.setFieldValue('feedback', null);
    form.clearFieldError('feedback');
    form.clearFieldError('status');
  };

  const chooseFeedback = (value: string | null, forStatus = status) => {
    form.setFieldValue('feedback', value);
    // A choice that needs a callback ticks it, with today's date to start from.
    if (outcomeNeeds(shape, variant, forStatus, value).callback && !form.values.callback) toggleCallback(true);
  };

  const toggleCallback = (on: boolean) => {
    form.setFieldValue('callback', on);
    if (on && !form.values.callback_date) form.setFieldValue('callback_date', todayIn(displayTimeZone()));
  };

  const fieldInput = (f: FieldDef) => (
    <FieldInput
      key={f.key}
      field={f}
      value={form.values.fields[f.key] ?? null}
      onChange={(v) => {
        form.setFieldValue(`fields.${f.key}`, v);
        form.clearFieldError(`fields.${f.key}`);
      }}
      readOnly={!f.callersEdit}
      error={form.errors[`fields.${f.key}`] ? serverText(String(form.errors[`fields.${f.key}`])) : undefined}
    />
  );

  const digits = (name: 'whatsapp' | 'optional_number', label: string) => (
    <TextInput label={label} inputMode="numeric" autoComplete="off" maxLength={15} size="md" key={form.key(name)} {...field(name)} />
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit(
        (v) => {
          if (ready) submit.mutate({ ...v, ...callFields() });
        },
        () => focusFirstError(formRef.current),
      )}
    >
      <Stack gap="sm">
        {refused && (
          <Alert color="red" variant="light" p="sm">
            {t('outbox.refusedHere', { error: serverText(refused.error ?? '') })}
          </Alert>
        )}
        <ChoiceChips label={t('form.status')} required choices={statusChoices} value={status || null} onChange={chooseStatus} error={field('status').error} />
        <ChoiceChips
          label={t('form.feedback')}
          required
          choices={feedbackChoices}
          value={form.values.feedback}
          onChange={(v) => chooseFeedback(v)}
          error={field('feedback').error}
          placeholder={t('form.statusFirst')}
        />

        {section === 'interested' && (
          <Stack gap="sm">
            {handsOver && headOptions.length > 0 && (
              <Select
                label={t('form.head')}
                description={t('form.headHint')}
                placeholder={t('form.noHead')}
                data={headOptions}
                clearable
                size="md"
                key={form.key('telemarketer_handler')}
                {...field('telemarketer_handler')}
              />
            )}
            <Checkbox label={t('form.demo')} size="md" key={form.key('demo')} {...field('demo', { type: 'checkbox' })} />
            <TextInput label={t('form.projectName')} size="md" maxLength={200} key={form.key('project_name')} {...field('project_name')} />
            <Select
              label={t('form.leadQuality')}
              placeholder={t('form.notRated')}
              data={qualityOptions}
              clearable
              size="md"
              key={form.key('lead_quality')}
              {...field('lead_quality')}
            />
          </Stack>
        )}

        {(section === 'callback' || needs.callback) && (
          <Stack gap="sm">
            {/* A choice that needs a callback keeps it ticked: the company asks for its time. */}
            <Checkbox
              label={t('form.callback')}
              size="md"
              checked={callback || needs.callback}
              disabled={needs.callback}
              onChange={(e) => toggleCallback(e.currentTarget.checked)}
              {...withMessageIn({ error: form.errors.callback }, serverText)}
            />
            {(callback || needs.callback) && (
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  type="date"
                  label={t('form.callbackDate')}
                  withAsterisk
                  size="md"
                  min={todayIn(displayTimeZone())}
                  key={form.key('callback_date')}
                  {...field('callback_date')}
                />
                <TextInput type="time" label={t('form.callbackTime')} withAsterisk size="md" key={form.key('callback_time')} {...field('callback_time')} />
              </SimpleGrid>
            )}
          </Stack>
        )}

        {needs.reason && (
          <Textarea
            label={section === 'invalidReason' ? t('form.invalidReason') : t('form.reason')}
            withAsterisk
            size="md"
            autosize
            minRows={2}
            maxLength={500}
            key={form.key('invalid_reason')}
            {...field('invalid_reason')}
          />
        )}

        {statusFields.map(fieldInput)}

        {/* Every outcome has its note (the spec's remarks); some choices insist on it. */}
        {status && (
          <Textarea
            label={t('form.remarks')}
            withAsterisk={needs.note}
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            key={form.key('remarks')}
            {...field('remarks')}
          />
        )}

        {detailsFields.map(fieldInput)}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {digits('whatsapp', t('form.optionalWhatsapp'))}
          {digits('optional_number', t('form.optionalNumber'))}
        </SimpleGrid>

        <Group grow gap="sm" mt="xs">
          <Button variant="default" size="lg" onClick={onCancel} disabled={submit.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" size="lg" loading={submit.isPending} disabled={!ready}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={away.status === 'blocked'}
        title={t('lead.leaveTitle')}
        confirmLabel={t('lead.leave')}
        cancelLabel={t('lead.stay')}
        onConfirm={() => away.proceed?.()}
        onClose={() => away.reset?.()}
      >
        {t('lead.leaveBody')}
      </ConfirmModal>
    </form>
  );
}
