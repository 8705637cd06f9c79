import { Button, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import type { MediaKind } from '../../../../shared/schemas/media';
import { QueryState } from '../QueryState';
import { Icon } from '../layout/icons';
import { MEDIA, demoShareText } from './mediaKinds';

/** The telecaller's Demo and Tutorial pages: cards with the image; demos are shared on WhatsApp, tutorials watched. */
export function MediaCardsPage({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation();
  const words = MEDIA[kind];
  const demos = trpc.media.demos.useQuery(undefined, { enabled: kind === 'demo' });
  const tutorials = trpc.media.tutorials.useQuery(undefined, { enabled: kind === 'tutorial' });
  const list = kind === 'demo' ? demos : tutorials;
  return (
    <Stack>
      <Title order={2}>{t(`titles.${words.userPage}`)}</Title>
      <QueryState
        query={list}
        empty={t(kind === 'demo' ? 'lead.noDemos' : 'media.tutorial.empty')}
        isEmpty={(d) => d.length === 0}
        errorText={t(`media.${kind}.failed`)}
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {items.map((m) => (
              <Card key={m.id} withBorder radius="md" padding="sm" component="article" aria-label={m.name}>
                <Card.Section>
                  <Image src={m.image} h={160} fit="cover" alt="" />
                </Card.Section>
                <Text fw={700} mt="sm">
                  {m.name}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
                  {m.discreption}
                </Text>
                {kind === 'demo' ? (
                  <Button
                    component="a"
                    href={`https://wa.me/?text=${encodeURIComponent(demoShareText(m))}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    mt="sm"
                    size="md"
                    color="teal"
                    leftSection={<Icon name="chat" size={18} />}
                  >
                    {t('media.share')}
                  </Button>
                ) : (
                  <Button component="a" href={m.link} target="_blank" rel="noopener noreferrer" mt="sm" size="md">
                    {t('media.watch')}
                  </Button>
                )}
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
