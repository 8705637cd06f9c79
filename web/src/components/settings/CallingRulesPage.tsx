import { Anchor, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { SettingsSection } from './SettingsSection';
import { PAGE_TITLES } from '../layout/pageTitles';
import { WhatsappPreview } from './WhatsappPreview';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { formatMinutes } from '../../lib/format';
import {
  DEFAULT_WHATSAPP_TEMPLATE,
  LeadWorkSettingsInput,
  WHATSAPP_TEMPLATE_MAX,
  fillWhatsappTemplate,
  type LeadWorkSettings,
} from '../../../../shared/schemas/lead-work';

const SAMPLE_LEAD = 'Asha Kulkarni';

export function CallingRulesPage() {
  const settings = trpc.settings.getLeadWork.useQuery();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/calling-rules']}</Title>
        <Text c="dimmed" size="sm">
          What happens to a lead when a call does not connect, the WhatsApp message your telecallers send with one tap, and whether they may export their leads.
        </Text>
      </div>
      <QueryState query={settings} errorText="Failed to load the calling rules.">
        {(data) => <RulesForm settings={data} />}
      </QueryState>
    </Stack>
  );
}

const asNumber = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);

function RulesForm({ settings }: { settings: LeadWorkSettings }) {
  const utils = trpc.useUtils();
  const form = useForm<{ retry_delay_minutes: number | string; attempt_limit: number | string; whatsapp_template: string; caller_exports_allowed: boolean }>({
    mode: 'controlled',
    initialValues: {
      retry_delay_minutes: settings.retry_delay_minutes,
      attempt_limit: settings.attempt_limit,
      whatsapp_template: settings.whatsapp_template ?? '',
      caller_exports_allowed: settings.caller_exports_allowed,
    },
    validate: schemaResolver(LeadWorkSettingsInput, { sync: true }),
  });
  const save = trpc.settings.saveLeadWork.useMutation({
    onSuccess: (saved) => {
      notifySuccess('Calling rules saved.');
      utils.settings.getLeadWork.setData(undefined, saved);
      form.setValues({
        retry_delay_minutes: saved.retry_delay_minutes,
        attempt_limit: saved.attempt_limit,
        whatsapp_template: saved.whatsapp_template ?? '',
        caller_exports_allowed: saved.caller_exports_allowed,
      });
      form.resetDirty();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to save the calling rules.', err);
    },
  });

  const { retry_delay_minutes: delay, attempt_limit: attempts, whatsapp_template: template } = form.values;
  const delayOk = Number.isInteger(asNumber(delay)) && asNumber(delay) > 0;
  const attemptsOk = Number.isInteger(asNumber(attempts)) && asNumber(attempts) > 0;
  const preview = fillWhatsappTemplate(template.trim() || null, SAMPLE_LEAD, settings.company_name);

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack maw={760}>
        <SettingsSection
          title="Calls that do not connect"
          description="Busy, switched off, no answer or not reachable: the call counts as an attempt and the lead keeps its status."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Retry after (minutes)"
              required
              min={5}
              max={7 * 24 * 60}
              // What was typed stays as typed and the rule's message says what is wrong: dropping
              // the point or the sign, or clamping, would change the number unseen.
              clampBehavior="none"
              description={delayOk ? `The lead leaves the queues for ${formatMinutes(asNumber(delay))}, then comes back.` : 'Default 120 minutes.'}
              key={form.key('retry_delay_minutes')}
              {...form.getInputProps('retry_delay_minutes')}
            />
            <NumberInput
              label="Attempts before invalid"
              required
              min={1}
              max={50}
              // What was typed stays as typed and the rule's message says what is wrong: dropping
              // the point or the sign, or clamping, would change the number unseen.
              clampBehavior="none"
              description={
                attemptsOk
                  ? `After ${asNumber(attempts) === 1 ? '1 unanswered call' : `${asNumber(attempts)} unanswered calls`} the lead becomes invalid: 'Not reachable'.`
                  : 'Default 5 attempts.'
              }
              key={form.key('attempt_limit')}
              {...form.getInputProps('attempt_limit')}
            />
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection
          title="WhatsApp message"
          description={
            <>
              {'{name}'} becomes the lead's name and {'{company}'} your company's name. Leave it empty to send the default message.
            </>
          }
        >
          <Textarea
            label="Message"
            placeholder={DEFAULT_WHATSAPP_TEMPLATE}
            autosize
            minRows={3}
            maxRows={8}
            key={form.key('whatsapp_template')}
            {...form.getInputProps('whatsapp_template')}
          />
          <Group justify="space-between" mt={-6}>
            {template.trim() ? (
              <Anchor component="button" type="button" size="xs" onClick={() => form.setFieldValue('whatsapp_template', '')}>
                Use the default message
              </Anchor>
            ) : (
              <Text size="xs" c="dimmed">
                The default message is used.
              </Text>
            )}
            <Text size="xs" c={template.trim().length > WHATSAPP_TEMPLATE_MAX ? 'red' : 'dimmed'}>
              {template.trim().length}/{WHATSAPP_TEMPLATE_MAX}
            </Text>
          </Group>
          <WhatsappPreview leadName={SAMPLE_LEAD} message={preview} />
        </SettingsSection>

        <SettingsSection title="Exports">
          <Checkbox
            label="Telecallers and heads may export their leads (with the mobile numbers) as a CSV file"
            description="When off, the Export CSV button is hidden from them and the server refuses the download."
            key={form.key('caller_exports_allowed')}
            {...form.getInputProps('caller_exports_allowed', { type: 'checkbox' })}
          />
        </SettingsSection>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
