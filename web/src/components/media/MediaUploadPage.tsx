import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MediaKind } from '../../../../shared/schemas/media';
import { PAGE_TITLES } from '../layout/pageTitles';
import { MediaForm } from './MediaForm';
import { MEDIA } from './mediaKinds';

/** Upload Demo / Tutorial Upload: the form; the list opens once it is saved. */
export function MediaUploadPage({ kind }: { kind: MediaKind }) {
  const navigate = useNavigate();
  const words = MEDIA[kind];
  return (
    <Stack maw={720} w="100%">
      <div>
        <Title order={2}>{PAGE_TITLES[words.uploadPage]}</Title>
        <Text c="dimmed" size="sm">
          Your telecallers see it on their {words.noun} page{kind === 'demo' ? ' and can send it to a lead on WhatsApp' : ''}.
        </Text>
      </div>
      <Paper withBorder p="md">
        <MediaForm kind={kind} onDone={() => void navigate({ to: words.listPage })} />
      </Paper>
    </Stack>
  );
}
