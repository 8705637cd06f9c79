import type { CSSProperties } from 'react';
import { Link } from '@tanstack/react-router';
import { Card, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardTile as Tile } from './dashboardTiles';
import { Icon } from './icons';
import { countColor, formatCount } from '../../lib/format';
import { formatHms } from '../../../../shared/durations';
import { displayLanguage } from '../../lib/timeZone';
import classes from './DashboardTile.module.css';

// Plain elements with Mantine's Card classes, not <Card><Stack><Text>…: a dashboard draws twenty tiles
// on its first paint, and as Mantine components each took some thirty components to render, which on a
// phone was a third of the time to the first screen (npm run bench:web).
const CARD = `${Paper.classes.root} ${Card.classes.root} mantine-Card-root ${classes.tile}`;

/** A count (or a time), or with `count` null a link with its icon; `linked` when its page exists. */
export function DashboardTile({ tile, count, linked }: { tile: Tile; count: number | null; linked: boolean }) {
  const { t } = useTranslation();
  if (count === null && !linked) return null;
  const color = count === null ? tile.color : countColor(count, tile.color);
  const style = {
    '--tile-accent': `var(--mantine-color-${color}-${count === 0 ? 3 : 5})`,
    '--tile-figure': `var(--mantine-color-${color}-7)`,
  } as CSSProperties;
  const body = (
    <>
      <span className={classes.label}>{t(`dashboard.tiles.${tile.label ?? tile.key}`)}</span>
      <span className={classes.row}>
        {tile.format === 'link' ? (
          <span className={classes.figure} aria-hidden>
            <Icon name={tile.icon ?? 'chevronRight'} size={28} />
          </span>
        ) : tile.format === 'duration' ? (
          <span className={`${classes.figure} ${classes.duration}`}>{formatHms(count ?? 0, displayLanguage())}</span>
        ) : (
          <span className={classes.figure}>{formatCount(count ?? 0)}</span>
        )}
        {linked && (
          <span className={classes.chevron} aria-hidden>
            <Icon name="chevronRight" size={18} />
          </span>
        )}
      </span>
    </>
  );
  return linked ? (
    <Link to={tile.to} className={CARD} style={style} data-with-border data-orientation="vertical">
      {body}
    </Link>
  ) : (
    <div className={CARD} style={style} data-with-border data-orientation="vertical">
      {body}
    </div>
  );
}
