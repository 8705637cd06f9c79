import { useEffect, useState } from 'react';
import { List, Modal, NavLink, Stack, Text } from '@mantine/core';
import { canPromptInstall, onInstallChange, promptInstall, runsInstalled } from '../../lib/pwa';
import { Icon } from './icons';

/**
 * The original app's "Apk Download": installs this web app on the phone's home screen. The
 * browser's own dialog where it offers one (Chrome, Edge, Samsung Internet); the steps elsewhere
 * (Safari, Firefox). Not shown inside the installed app.
 */
export function InstallAppLink({ onDone }: { onDone: () => void }) {
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
        label="Install app"
        description={canPromptInstall() ? undefined : 'Add it to your home screen'}
        leftSection={<Icon name="download" />}
        onClick={() => void install()}
        style={{ borderRadius: 'var(--mantine-radius-md)', fontWeight: 500 }}
      />
      <Modal opened={steps} onClose={() => setSteps(false)} title="Install the app" centered zIndex={400}>
        <Stack gap="sm">
          <Text size="sm">The app then opens from your home screen like any other, full screen, and keeps working when the network drops.</Text>
          <Text size="sm" fw={600}>Android (Chrome, Samsung Internet, Edge)</Text>
          <List size="sm" spacing={4}>
            <List.Item>Open the browser menu (⋮ at the top right).</List.Item>
            <List.Item>Tap "Install app" or "Add to Home screen".</List.Item>
          </List>
          <Text size="sm" fw={600}>iPhone and iPad (Safari)</Text>
          <List size="sm" spacing={4}>
            <List.Item>Tap the Share button (the square with an arrow).</List.Item>
            <List.Item>Tap "Add to Home Screen", then "Add".</List.Item>
          </List>
          <Text size="sm" fw={600}>Firefox on Android</Text>
          <List size="sm" spacing={4}>
            <List.Item>Open the menu (⋮) and tap "Install" or "Add to Home screen".</List.Item>
          </List>
          <Text size="sm" fw={600}>Computer (Chrome or Edge)</Text>
          <List size="sm" spacing={4}>
            <List.Item>Click the install icon at the right end of the address bar.</List.Item>
          </List>
        </Stack>
      </Modal>
    </>
  );
}
