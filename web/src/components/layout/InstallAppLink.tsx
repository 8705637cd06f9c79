import { useEffect, useState } from 'react';
import { List, Modal, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canPromptInstall, onInstallChange, promptInstall, runsInstalled } from '../../lib/pwa';
import { Icon } from './icons';

/**
 * The original app's "Apk Download": installs this web app on the phone's home screen. The
 * browser's own dialog where it offers one (Chrome, Edge, Samsung Internet); the steps elsewhere
 * (Safari, Firefox). Not shown inside the installed app.
 */
export function InstallAppLink({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [, rerender] = useState(0);
  const [steps, setSteps] = useState(false);
  useEffect(() => onInstallChange(() => rerender((n) => n + 1)), []);
  if (runsInstalled()) return null;

  const install = async () => {
    if (!(await promptInstall())) setSteps(true);
    else onDone();
  };

  return (
    <>
      <NavLink
        component="button"
        label={t('install.link')}
        description={canPromptInstall() ? undefined : t('install.hint')}
        leftSection={<Icon name="download" />}
        onClick={() => void install()}
        style={{ borderRadius: 'var(--mantine-radius-md)', fontWeight: 500 }}
      />
      <Modal opened={steps} onClose={() => setSteps(false)} title={t('install.title')} centered zIndex={400}>
        <Stack gap="sm">
          <Text size="sm">{t('install.intro')}</Text>
          <Text size="sm" fw={600}>
            {t('install.android')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('install.androidMenu')}</List.Item>
            <List.Item>{t('install.androidTap')}</List.Item>
          </List>
          <Text size="sm" fw={600}>
            {t('install.iphone')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('install.iphoneShare')}</List.Item>
            <List.Item>{t('install.iphoneAdd')}</List.Item>
          </List>
          <Text size="sm" fw={600}>
            {t('install.firefox')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('install.firefoxMenu')}</List.Item>
          </List>
          <Text size="sm" fw={600}>
            {t('install.computer')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('install.computerIcon')}</List.Item>
          </List>
        </Stack>
      </Modal>
    </>
  );
}
