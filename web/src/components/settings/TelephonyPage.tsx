import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { SettingsSection } from './SettingsSection';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable } from '../DataTable/AppTable';
import { Copyable } from '../capture/SecretModal';
import { fieldErrorsOf, notifyFailure, notifySuccess, serverAnswered } from '../../lib/notify';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../trpc';
import { USER_TYPE_LABELS } from '../../../../shared/constants';
import {
  DIALER_COUNTDOWN,
  MAX_CALLER_IDS,
  TELEPHONY_PROVIDER_IDS,
  TELEPHONY_PROVIDERS,
  type ProviderField,
  type TelephonyProviderId,
} from '../../../../shared/telephony';
import { SetCallPhoneInput, TelephonySettingsInput, type CallPhoneRow, type TelephonySettingsView } from '../../../../shared/schemas/telephony-settings';

export function TelephonyPage() {
  const settings = trpc.telephonySettings.get.useQuery();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/telephony']}</Title>
        <Text c="dimmed" size="sm">
          Calls through a cloud telephony provider: the provider rings your telecaller, then the lead from your company number, and reports the real duration
          and a recording. Without it, Call opens the telecaller's own phone, as before.
        </Text>
      </div>
      <QueryState query={settings} errorText="Failed to load the telephony settings.">
        {(data) => (
          <>
            {!data.publicUrlSet && (
              <Alert color="orange" title="This server has no public address (PUBLIC_URL)">
                The provider reports every call to this server, so calls through a provider cannot be turned on until whoever runs the server sets PUBLIC_URL to
                the address it is reached at (such as https://crm.example.com). You can still enter and check your provider's details.
              </Alert>
            )}
            {data.credentialsUnreadable && (
              <Alert color="red" title="The saved credentials cannot be read">
                This server's secret key has changed since they were saved. Enter the provider's secrets again.
              </Alert>
            )}
            <SettingsForm settings={data} />
            {data.callbacks && <Callbacks callbacks={data.callbacks} provider={data.provider} />}
          </>
        )}
      </QueryState>
      <CallPhones />
    </Stack>
  );
}

interface FormValues {
  provider: TelephonyProviderId;
  /** each provider's fields, so that switching back and forth keeps what was typed */
  settings: Record<TelephonyProviderId, Record<string, string>>;
  /** one number a line */
  callerIds: string;
  record: boolean;
  headsHearTeam: boolean;
  callersHearOwn: boolean;
  dialerCountdownSeconds: number | string;
  enabled: boolean;
}

/** Every provider's fields, as stored (text and choices) or blank (secrets: never sent to a browser). */
function settingsValues(view: TelephonySettingsView): FormValues['settings'] {
  const initial = (id: TelephonyProviderId, f: ProviderField) => {
    const stored = id === view.provider ? view.fields[f.key] : undefined;
    return stored && 'value' in stored ? stored.value : f.kind === 'choice' ? (f.choices?.[0]?.value ?? '') : '';
  };
  return Object.fromEntries(
    TELEPHONY_PROVIDER_IDS.map((id) => [id, Object.fromEntries(TELEPHONY_PROVIDERS[id].fields.map((f) => [f.key, initial(id, f)]))]),
  ) as FormValues['settings'];
}

const valuesOf = (view: TelephonySettingsView): FormValues => ({
  provider: view.provider ?? TELEPHONY_PROVIDER_IDS[0],
  settings: settingsValues(view),
  callerIds: view.callerIds.join('\n'),
  record: view.record,
  headsHearTeam: view.headsHearTeam,
  callersHearOwn: view.callersHearOwn,
  dialerCountdownSeconds: view.dialerCountdownSeconds,
  enabled: view.enabled,
});

function inputOf(v: FormValues) {
  const fields = TELEPHONY_PROVIDERS[v.provider].fields;
  return {
    provider: v.provider,
    settings: Object.fromEntries(fields.map((f) => [f.key, v.settings[v.provider][f.key] ?? ''])),
    callerIds: v.callerIds
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean),
    record: v.record,
    headsHearTeam: v.headsHearTeam,
    callersHearOwn: v.callersHearOwn,
    dialerCountdownSeconds: v.dialerCountdownSeconds,
    enabled: v.enabled,
  };
}

/** The server's (or the schema's) field paths as the form's: a provider field under its provider, every number under the one box. */
function formErrors(provider: TelephonyProviderId, errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = path.startsWith('settings.') ? `settings.${provider}.${path.slice('settings.'.length)}` : path.startsWith('callerIds') ? 'callerIds' : path;
    out[key] ??= message;
  }
  return out;
}

function SettingsForm({ settings }: { settings: TelephonySettingsView }) {
  const utils = trpc.useUtils();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: (v) => {
      const parsed = TelephonySettingsInput.safeParse(inputOf(v));
      if (parsed.success) return {};
      return formErrors(v.provider, Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
    },
  });
  const saved = (view: TelephonySettingsView, message: string) => {
    notifySuccess(message);
    setRefusal(null);
    utils.telephonySettings.get.setData(undefined, view);
    form.setValues(valuesOf(view));
    form.resetDirty();
  };
  const save = trpc.telephonySettings.save.useMutation({
    onSuccess: (view) => saved(view, 'Telephony settings saved.'),
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(formErrors(form.values.provider, fields));
      // The provider's own refusal (wrong credentials, a number it does not know) stays in view until the next save.
      setRefusal(serverAnswered(err) ? errorMessage(err) : null);
      notifyFailure('Failed to save the telephony settings.', err);
    },
  });
  const disable = trpc.telephonySettings.disable.useMutation({
    onSuccess: (view) => saved(view, 'Calls through the provider are off.'),
    onError: (err) => notifyFailure('Could not turn calls through the provider off.', err),
  });

  const provider = form.values.provider;
  const sameProvider = provider === settings.provider && !settings.credentialsUnreadable;
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(inputOf(v)))} noValidate>
      <Stack maw={760}>
        <SettingsSection
          title="Provider"
          description={
            settings.checkedAt
              ? `The provider accepted these details on ${formatDateTime(settings.checkedAt)}.`
              : 'The details are checked with the provider when you save; nothing is kept if it refuses them.'
          }
        >
          <Radio.Group label="Provider" key={form.key('provider')} {...form.getInputProps('provider')}>
            <Group mt={6}>
              {TELEPHONY_PROVIDER_IDS.map((id) => (
                <Radio key={id} value={id} label={TELEPHONY_PROVIDERS[id].label} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TELEPHONY_PROVIDERS[provider].fields.map((f) => {
              const path = `settings.${provider}.${f.key}`;
              const stored = sameProvider ? settings.fields[f.key] : undefined;
              if (f.kind === 'secret') {
                const isSet = Boolean(stored && 'set' in stored && stored.set);
                return (
                  <PasswordInput
                    key={form.key(path)}
                    label={f.label}
                    description={f.help}
                    placeholder={isSet ? 'saved — leave blank to keep' : undefined}
                    required={!isSet}
                    autoComplete="new-password"
                    {...form.getInputProps(path)}
                  />
                );
              }
              if (f.kind === 'choice') {
                return (
                  <Select
                    key={form.key(path)}
                    label={f.label}
                    description={f.help}
                    data={(f.choices ?? []).map((c) => ({ value: c.value, label: c.label }))}
                    allowDeselect={false}
                    required
                    {...form.getInputProps(path)}
                  />
                );
              }
              return <TextInput key={form.key(path)} label={f.label} description={f.help} required autoComplete="off" {...form.getInputProps(path)} />;
            })}
          </SimpleGrid>
          <Textarea
            label="Company numbers"
            description={`The numbers leads see you call from, one a line (at most ${MAX_CALLER_IDS}): your ExoPhones, or the Twilio numbers you bought. The first is used for calls.`}
            required
            autosize
            minRows={2}
            maxRows={6}
            key={form.key('callerIds')}
            {...form.getInputProps('callerIds')}
          />
        </SettingsSection>

        <SettingsSection title="Recordings">
          <Checkbox
            label="Record calls"
            description="The provider records each call; recordings play on this site to those allowed, and each play is logged."
            key={form.key('record')}
            {...form.getInputProps('record', { type: 'checkbox' })}
          />
          <Text size="sm" fw={500}>
            Who may listen
          </Text>
          <Text size="sm" c="dimmed" mt={-8}>
            You, the company, may always listen to every call.
          </Text>
          <Checkbox
            label="Heads, to their team's calls"
            description="A telecaller head hears the calls on the leads handed to them."
            key={form.key('headsHearTeam')}
            {...form.getInputProps('headsHearTeam', { type: 'checkbox' })}
          />
          <Checkbox label="Telecallers, to their own calls" key={form.key('callersHearOwn')} {...form.getInputProps('callersHearOwn', { type: 'checkbox' })} />
        </SettingsSection>

        <SettingsSection title="Power dialer">
          <NumberInput
            label="Countdown before the next call (seconds)"
            description={`After an outcome is saved, the next lead's call is placed by itself after this countdown (${DIALER_COUNTDOWN.min} to ${DIALER_COUNTDOWN.max}; default ${DIALER_COUNTDOWN.default}). The telecaller can skip or stop.`}
            min={DIALER_COUNTDOWN.min}
            max={DIALER_COUNTDOWN.max}
            clampBehavior="none"
            allowDecimal={false}
            maw={360}
            key={form.key('dialerCountdownSeconds')}
            {...form.getInputProps('dialerCountdownSeconds')}
          />
        </SettingsSection>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Switch
              label="Place calls through the provider"
              description={
                settings.publicUrlSet
                  ? 'When on, Call on the telecallers\u2019 phones goes through the provider; "Call from my phone" stays.'
                  : 'Needs PUBLIC_URL on the server (see above).'
              }
              disabled={!settings.publicUrlSet && !form.values.enabled}
              key={form.key('enabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            {refusal && (
              <Alert color="red" title="Not saved" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              {settings.enabled && (
                <Button variant="default" color="red" loading={disable.isPending} onClick={() => disable.mutate()}>
                  Turn off
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                Check and save
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}

/** The addresses the company pastes into the provider's dashboard (each carries the company's secret). */
function Callbacks({ callbacks, provider }: { callbacks: NonNullable<TelephonySettingsView['callbacks']>; provider: TelephonyProviderId | null }) {
  const where =
    provider === 'twilio'
      ? 'In the Twilio Console, on each of your numbers (Phone Numbers → Manage → Active numbers): "A call comes in" → the inbound address, and "Call status changes" → the status address, both HTTP POST.'
      : 'In Exotel (App Bazaar), give your ExoPhone a call flow with a Connect applet set up by a dynamic URL, the inbound address as its Primary URL.';
  return (
    <SettingsSection
      title="Addresses for the provider"
      maw={760}
      description={
        <>{where} Calls placed from this site report to the status address by themselves. Keep these addresses private: they carry your company's key.</>
      }
    >
      <Copyable label="Status address" copyLabel="Copy the status address" text={callbacks.status} />
      <Copyable label="Inbound address" copyLabel="Copy the inbound address" text={callbacks.inbound} />
    </SettingsSection>
  );
}

/** The company's telecallers and heads, and the phone a provider's call rings for each. */
function CallPhones() {
  const people = trpc.telephonySettings.callPhones.useQuery();
  const [editing, setEditing] = useState<CallPhoneRow | null>(null);
  return (
    <SettingsSection
      title="Phones to ring"
      description="A call through the provider rings the telecaller first, on their mobile unless you set another phone here (a desk phone, a second SIM)."
      maw={760}
    >
      <AppTable<CallPhoneRow>
        aria-label="Phones to ring"
        compact
        minWidth={560}
        query={people}
        records={people.data}
        empty="No telecallers yet."
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'userType', title: 'Type', render: (r) => USER_TYPE_LABELS[r.userType] },
          { accessor: 'mobile', title: 'Mobile' },
          { accessor: 'callPhone', title: 'Phone to ring', render: (r) => r.callPhone ?? 'Their mobile' },
        ]}
        actions={{
          render: (r) => (
            <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Change the phone to ring for ${r.name}`}>
              Change
            </Button>
          ),
        }}
      />
      {editing && <CallPhoneModal person={editing} onClose={() => setEditing(null)} />}
    </SettingsSection>
  );
}

function CallPhoneModal({ person, onClose }: { person: CallPhoneRow; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ callPhone: string }>({
    mode: 'controlled',
    initialValues: { callPhone: person.callPhone ?? '' },
    validate: (v) => {
      const parsed = SetCallPhoneInput.safeParse({ userId: person.id, callPhone: v.callPhone });
      return parsed.success ? {} : { callPhone: parsed.error.issues[0]?.message };
    },
  });
  const save = trpc.telephonySettings.setCallPhone.useMutation({
    onSuccess: () => {
      notifySuccess('Phone to ring saved.');
      void utils.telephonySettings.callPhones.invalidate();
      onClose();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields?.callPhone) form.setErrors({ callPhone: fields.callPhone });
      notifyFailure('Could not save the phone to ring.', err);
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Phone to ring for ${person.name}`}>
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ userId: person.id, callPhone: v.callPhone.trim() || null }))}>
        <Stack gap="sm">
          <TextInput
            label="Phone to ring"
            description={`Empty: their mobile, ${person.mobile}.`}
            inputMode="tel"
            data-autofocus
            key={form.key('callPhone')}
            {...form.getInputProps('callPhone')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
