import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { SendToSubadminsInput, type TargetCompany } from '../../../../shared/schemas/notifications';
import { notifyFailure } from '../../lib/notify';
import { fieldErrorsOf, SendNotificationFields, type NotificationFieldErrors } from './SendNotificationFields';

const label = (c: TargetCompany) => `${c.company_name} (${c.name})`;

/** The admin writes a notification to every company or to one. */
export function CreateSubadminNotificationPage() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<'all' | 'one'>('all');
  const [company, setCompany] = useState<TargetCompany | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [errors, setErrors] = useState<NotificationFieldErrors>({});

  // While a company is chosen, the search box shows its label: search then lists all companies.
  const searchTerm = company && debounced === label(company) ? '' : debounced;
  const companies = trpc.notifications.targetCompanies.useQuery(
    { search: searchTerm || undefined },
    { enabled: audience === 'one', placeholderData: (prev) => prev },
  );
  const options = useMemo(() => {
    const list = companies.data ?? [];
    const all = company && !list.some((c) => c.id === company.id) ? [company, ...list] : list;
    return all.map((c) => ({ value: String(c.id), label: label(c) }));
  }, [companies.data, company]);

  const utils = trpc.useUtils();
  const send = trpc.notifications.sendToSubadmins.useMutation({
    onSuccess: () => {
      notifySuccess('Notification sent successfully!');
      void utils.notifications.sentToSubadmins.invalidate();
      void navigate({ to: '/admin/notifications' });
    },
    onError: (err) => notifyFailure('Failed to send notification', err),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (audience === 'one' && !company) {
      const parsed = SendToSubadminsInput.safeParse({ title, message });
      setErrors({ ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)), subadminId: 'Choose a company.' });
      return;
    }
    const parsed = SendToSubadminsInput.safeParse({ title, message, subadminId: audience === 'one' ? company?.id : null });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Stack maw={720}>
      <div>
        <Title order={2}>Create Notification</Title>
        <Text c="dimmed" size="sm">
          Subadmins see it under Admin Notifications and in their notification bell.
        </Text>
      </div>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <SendNotificationFields
              title={title}
              message={message}
              errors={errors}
              onTitle={(v) => {
                setTitle(v);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              onMessage={(v) => {
                setMessage(v);
                setErrors((x) => ({ ...x, message: undefined }));
              }}
            />
            <Radio.Group
              label="Send to"
              value={audience}
              onChange={(v) => {
                setAudience(v === 'one' ? 'one' : 'all');
                setErrors((x) => ({ ...x, subadminId: undefined }));
              }}
            >
              <Group mt="xs">
                <Radio value="all" label="All companies" />
                <Radio value="one" label="One company" />
              </Group>
            </Radio.Group>
            {audience === 'one' && (
              <Select
                label="Company"
                placeholder="Search by company or owner name"
                searchable
                clearable
                required
                data={options}
                value={company ? String(company.id) : null}
                onChange={(value) => {
                  const list = companies.data ?? [];
                  setCompany(value ? (list.find((c) => String(c.id) === value) ?? company) : null);
                  setErrors((x) => ({ ...x, subadminId: undefined }));
                }}
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options: opts }) => opts}
                nothingFoundMessage={companies.isFetching ? 'Searching...' : 'No companies found'}
                error={errors.subadminId ?? (companies.isError ? 'Could not load companies.' : undefined)}
              />
            )}
            <Group justify="flex-end">
              <Button component={Link} to="/admin/notifications" variant="default">
                Back
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send notification
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
