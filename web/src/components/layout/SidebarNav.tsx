import { useEffect, useState } from 'react';
import { NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { Icon } from './icons';
import { isActivePath, isNavGroup, type NavEntry, type NavGroup, type NavItem } from './nav';
import classes from './SidebarNav.module.css';

interface Props {
  entries: NavEntry[];
  /** only one group open at a time (sub-admin); otherwise each group opens and closes on its own */
  accordion?: boolean;
  /** desktop rail: icons only, labels in tooltips */
  minimised?: boolean;
  /** after following a link (closes the phone drawer) */
  onNavigate?: () => void;
  /** a group was picked in the rail: show the full sidebar */
  onExpand?: () => void;
}

// Keeps the router's own "active" marking (aria-current) in line with the highlighted entry.
const linkActive = (item: NavItem) => ({ exact: Boolean(item.exact) || item.to === '/', includeSearch: false });

const groupHasActive = (g: NavGroup, pathname: string) => g.children.some((c) => isActivePath(pathname, c));

export function SidebarNav({ entries, accordion = false, minimised = false, onNavigate, onExpand }: Props) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const activeGroup = entries.find((e): e is NavGroup => isNavGroup(e) && groupHasActive(e, pathname))?.label ?? null;
  const [open, setOpen] = useState<string[]>(activeGroup ? [activeGroup] : []);

  // Arriving at a page opens the group that holds it (and, as an accordion, closes the others).
  useEffect(() => {
    if (!activeGroup) return;
    setOpen((prev) => (accordion ? [activeGroup] : prev.includes(activeGroup) ? prev : [...prev, activeGroup]));
  }, [activeGroup, accordion]);

  const toggle = (label: string) => setOpen((prev) => (prev.includes(label) ? prev.filter((l) => l !== label) : accordion ? [label] : [...prev, label]));

  if (minimised) {
    return (
      <Stack gap={4} align="center">
        {entries.map((e) => {
          const active = isNavGroup(e) ? groupHasActive(e, pathname) : isActivePath(pathname, e);
          const icon = <Icon name={e.icon ?? 'dashboard'} size={22} />;
          return (
            <Tooltip key={e.label} label={e.label} position="right" withArrow>
              {isNavGroup(e) ? (
                <UnstyledButton
                  className={classes.railItem}
                  data-active={active || undefined}
                  aria-label={e.label}
                  onClick={() => {
                    setOpen(accordion ? [e.label] : (prev) => (prev.includes(e.label) ? prev : [...prev, e.label]));
                    onExpand?.();
                  }}
                >
                  {icon}
                </UnstyledButton>
              ) : (
                <UnstyledButton
                  component={Link}
                  to={e.to}
                  activeOptions={linkActive(e)}
                  className={classes.railItem}
                  data-active={active || undefined}
                  aria-label={e.label}
                >
                  {icon}
                </UnstyledButton>
              )}
            </Tooltip>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap={2}>
      {entries.map((e) =>
        isNavGroup(e) ? (
          <NavLink
            key={e.label}
            component="button"
            type="button"
            aria-expanded={open.includes(e.label)}
            label={e.label}
            leftSection={<Icon name={e.icon} />}
            opened={open.includes(e.label)}
            onChange={() => toggle(e.label)}
            className={classes.link}
            childrenOffset={28}
          >
            {e.children.map((c) => (
              <NavLink
                key={c.to}
                component={Link}
                to={c.to}
                activeOptions={linkActive(c)}
                label={c.label}
                active={isActivePath(pathname, c)}
                onClick={onNavigate}
                className={classes.link}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={e.to}
            component={Link}
            to={e.to}
            activeOptions={linkActive(e)}
            label={e.label}
            leftSection={e.icon ? <Icon name={e.icon} /> : undefined}
            active={isActivePath(pathname, e)}
            onClick={onNavigate}
            className={classes.link}
          />
        ),
      )}
    </Stack>
  );
}
