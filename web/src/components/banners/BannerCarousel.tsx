import { useRef } from 'react';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import Autoplay from 'embla-carousel-autoplay';
import { Center, Image, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';

const HEIGHT = 200;

/**
 * The dashboard's banners: dots, endless, one slide at a time every 2 s, three wide,
 * two up to 1024 px, one up to 768 px, 200 px high. Its own chunk and query: the tiles never wait for it.
 */
export default function BannerCarousel() {
  const { t } = useTranslation();
  const banners = trpc.banners.list.useQuery(undefined, { staleTime: 5 * 60_000 });
  const autoplay = useRef(Autoplay({ delay: 2000, stopOnInteraction: false }));
  const one = useMediaQuery('(max-width: 768px)');
  const two = useMediaQuery('(max-width: 1024px)');
  const list = banners.data ?? [];
  if (banners.isPending) return <div style={{ height: HEIGHT }} aria-hidden />;
  if (list.length === 0) {
    return (
      <Paper withBorder radius="md" h={HEIGHT}>
        <Center h="100%">
          <Text c="dimmed">{t('dashboard.noBanners')}</Text>
        </Center>
      </Paper>
    );
  }
  return (
    <Carousel
      aria-label={t('dashboard.banners')}
      height={HEIGHT}
      slideSize={one ? '100%' : two ? '50%' : '33.3333%'}
      slideGap="md"
      withIndicators
      withControls={false}
      emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1, duration: 25 }}
      plugins={[autoplay.current]}
    >
      {list.map((b) => (
        <Carousel.Slide key={b.id}>
          <Image src={b.image} h={HEIGHT} radius="md" fit="cover" alt="" />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
