import { Button, Checkbox, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { trpc } from '../../trpc';
import { timeZoneName } from '../../lib/format';
import { fieldErrorsOf, notifyFailure, notifySuccess } from '../../lib/notify';
import { RoutingSettingsInput, type RoutingSettingsView } from '../../../../shared/schemas/routing';

const WEEKDAYS = [
  ['1', 'Mon'],
  ['2', 'Tue'],
  ['3', 'Wed'],
  ['4', 'Thu'],
  ['5', 'Fri'],
  ['6', 'Sat'],
  ['7', 'Sun'],
] as const;

interface Values {
  routeIndiamart: boolean;
  routeCapture: boolean;
  routeAddLead: boolean;
  routeCsv: boolean;
  includeHeads: boolean;
  workDays: string[];
  workStart: string;
  workEnd: string;
  repeatRerouteDays: number | string;
  recycle: 'off' | 'on';
  recycleAfterHours: number | string;
  recycleMax: number | string;
}

const valuesOf = (s: RoutingSettingsView): Values => ({
  routeIndiamart: s.routeIndiamart,
  routeCapture: s.routeCapture,
  routeAddLead: s.routeAddLead,
  routeCsv: s.routeCsv,
  includeHeads: s.includeHeads,
  workDays: s.workDays.map(String),
  workStart: s.workStart,
  workEnd: s.workEnd,
  repeatRerouteDays: s.repeatRerouteDays,
  recycle: s.recycleAfterHours === null ? 'off' : 'on',
  recycleAfterHours: s.recycleAfterHours ?? 4,
  recycleMax: s.recycleMax,
});

/** The form's values as the server's input: weekdays as numbers, recycling off as no hours. */
const inputOf = (v: Values) => ({
  routeIndiamart: v.routeIndiamart,
  routeCapture: v.routeCapture,
  routeAddLead: v.routeAddLead,
  routeCsv: v.routeCsv,
  includeHeads: v.includeHeads,
  workDays: v.workDays.map(Number),
  workStart: v.workStart,
  workEnd: v.workEnd,
  repeatRerouteDays: v.repeatRerouteDays,
  recycleAfterHours: v.recycle === 'off' ? null : v.recycleAfterHours,
  recycleMax: v.recycleMax,
});

/** The shared schema's first message for each field, checked on the values as the server will get them. */
function validate(v: Values): Record<string, string> {
  const parsed = RoutingSettingsInput.safeParse(inputOf(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

function Section({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Where routing applies, when it may hand out leads, and what it does with repeat enquiries and untouched leads. */
export function RoutingSettingsForm({ settings }: { settings: RoutingSettingsView }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(settings), validate });
  const save = trpc.routing.saveSettings.useMutation({
    onSuccess: (saved) => {
      notifySuccess('Routing settings saved.');
      utils.routing.settings.setData(undefined, saved);
      form.setValues(valuesOf(saved));
      form.resetDirty();
      void utils.routing.availability.invalidate();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyFailure('Failed to save the routing settings.', err);
    },
  });
  const recycling = form.values.recycle === 'on';

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(inputOf(v)))} noValidate>
      <Stack>
        <Section
          title="Sources"
          text="Leads from the sources switched on are handed to your telecallers as they arrive. The others wait for you to distribute them."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Switch label="IndiaMART pull" key={form.key('routeIndiamart')} {...form.getInputProps('routeIndiamart', { type: 'checkbox' })} />
            <Switch
              label="Capture API, website form and phone enquiries"
              key={form.key('routeCapture')}
              {...form.getInputProps('routeCapture', { type: 'checkbox' })}
            />
            <Switch label="Add Lead" key={form.key('routeAddLead')} {...form.getInputProps('routeAddLead', { type: 'checkbox' })} />
            <Switch
              label="CSV uploads"
              description={'What "Route these leads now" starts as on the upload page.'}
              key={form.key('routeCsv')}
              {...form.getInputProps('routeCsv', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="Working days and hours"
          text={`Leads are handed out only inside these hours, in your company's time zone: ${timeZoneName(settings.timeZone)}. Leads arriving outside them wait for the next working hour.`}
        >
          <Checkbox.Group label="Working days" withAsterisk key={form.key('workDays')} {...form.getInputProps('workDays')}>
            <Group gap="md" mt={6}>
              {WEEKDAYS.map(([value, label]) => (
                <Checkbox key={value} value={value} label={label} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput type="time" label="From" withAsterisk key={form.key('workStart')} {...form.getInputProps('workStart')} />
            <TextInput type="time" label="To" withAsterisk key={form.key('workEnd')} {...form.getInputProps('workEnd')} />
          </SimpleGrid>
        </Section>

        <Section title="Who receives leads" text="Telecallers always do, unless they are blocked, on a break or at their daily cap.">
          <Checkbox label="Telecaller heads receive leads too" key={form.key('includeHeads')} {...form.getInputProps('includeHeads', { type: 'checkbox' })} />
        </Section>

        <Section
          title="Repeat enquiries"
          text="A repeat enquiry from a known mobile goes back to the person who has the lead. A lead closed as invalid or not interested longer ago than this is routed again."
        >
          <NumberInput
            label="Route a closed lead again after (days)"
            withAsterisk
            min={1}
            max={365}
            clampBehavior="none"
            maw={320}
            key={form.key('repeatRerouteDays')}
            {...form.getInputProps('repeatRerouteDays')}
          />
        </Section>

        <Section title="Recycling" text="A lead nobody has called is taken back and handed to the next person after some working hours.">
          <Radio.Group key={form.key('recycle')} {...form.getInputProps('recycle')}>
            <Group gap="lg">
              <Radio value="off" label="Off" />
              <Radio value="on" label="Recycle untouched leads" />
            </Group>
          </Radio.Group>
          {recycling && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="After (working hours)"
                withAsterisk
                min={1}
                max={72}
                clampBehavior="none"
                key={form.key('recycleAfterHours')}
                {...form.getInputProps('recycleAfterHours')}
              />
              <NumberInput
                label="At most (times per lead)"
                withAsterisk
                min={1}
                max={10}
                clampBehavior="none"
                description="Then the lead goes back to the pool."
                key={form.key('recycleMax')}
                {...form.getInputProps('recycleMax')}
              />
            </SimpleGrid>
          )}
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
