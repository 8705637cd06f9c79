import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { whatsappLink } from '../../../../shared/schemas/lead-work';
import { demoShareText } from '../media/mediaKinds';
import { Icon } from '../layout/icons';

/** One tap sends one of the company's demos to the lead on WhatsApp; the list is asked for when opened. */
export function SendDemoMenu({ mobile }: { mobile: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const demos = trpc.media.demos.useQuery(undefined, { enabled: opened, staleTime: 5 * 60_000 });
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light" color="teal" size="md" leftSection={<Icon name="chat" size={18} />}>
          {t('lead.sendDemo')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {demos.isPending && <Menu.Label>{t('lead.loadingDemos')}</Menu.Label>}
        {demos.data?.length === 0 && <Menu.Label>{t('lead.noDemos')}</Menu.Label>}
        {demos.data?.map((d) => (
          <Menu.Item key={d.id} component="a" href={whatsappLink(mobile, demoShareText(d))} target="_blank" rel="noopener noreferrer">
            <Text size="sm" fw={500}>
              {d.name}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
