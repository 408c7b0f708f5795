import { useState } from 'react';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuEntry } from '@app/contract/menu';
import { menuIcons } from '../menu/menuIcons';
import { menuLabel } from '../menu/menuLabel';

function Icon({ entry, fontSize = 'small' }: { entry: MenuEntry; fontSize?: 'small' | 'inherit' }) {
  if (entry.icon === undefined) return null;
  const Component = menuIcons[entry.icon];
  return <Component fontSize={fontSize} aria-hidden />;
}

function activeIn(entry: MenuEntry, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '').toLowerCase();
  if (entry.link !== undefined && entry.link.toLowerCase() === path) return true;
  return entry.child?.some((child) => activeIn(child, pathname)) ?? false;
}

export interface TopMenuProps {
  entries: MenuEntry[];
  /** Show every group's items in columns of one wide panel. */
  mega?: boolean;
}

/** The horizontal menu of the top-navigation and mega-menu layouts (md and wider). */
export function TopMenu({ entries, mega = false }: TopMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const close = () => setOpen(null);
  const groups = entries.filter((entry) => entry.child !== undefined);

  return (
    <Box
      component="nav"
      aria-label={t('frame.topMenu')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 2,
        py: 0.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {entries.map((entry) => {
        const active = activeIn(entry, pathname);
        if (entry.child === undefined) {
          return (
            <Button
              key={entry.key}
              component={RouterLink}
              to={entry.link ?? '/app'}
              startIcon={<Icon entry={entry} />}
              color={active ? 'primary' : 'inherit'}
              aria-current={active ? 'page' : undefined}
              sx={{ fontWeight: active ? 700 : 500 }}
            >
              {menuLabel(t, entry)}
            </Button>
          );
        }
        const isOpen = open?.key === entry.key;
        return (
          <Button
            key={entry.key}
            startIcon={<Icon entry={entry} />}
            endIcon={<ExpandMore />}
            color={active ? 'primary' : 'inherit'}
            aria-haspopup="menu"
            aria-expanded={isOpen}
            onClick={(event) => setOpen(isOpen ? null : { key: entry.key, anchor: event.currentTarget })}
            sx={{ fontWeight: active ? 700 : 500 }}
          >
            {menuLabel(t, entry)}
          </Button>
        );
      })}
      {!mega &&
        groups.map((group) => (
          <Menu
            key={group.key}
            anchorEl={open?.key === group.key ? open.anchor : null}
            open={open?.key === group.key}
            onClose={close}
          >
            {(group.child ?? [])
              .filter((child) => child.title !== true)
              .map((child) => {
                const active = activeIn(child, pathname);
                return (
                  <MenuItem
                    key={child.key}
                    component={RouterLink}
                    to={child.link ?? '/app'}
                    selected={active}
                    onClick={close}
                  >
                    <ListItemIcon>
                      <Icon entry={child} />
                    </ListItemIcon>
                    <ListItemText>{menuLabel(t, child)}</ListItemText>
                  </MenuItem>
                );
              })}
          </Menu>
        ))}
      {mega && (
        <Popover
          open={open !== null}
          anchorEl={open?.anchor ?? null}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 2, maxWidth: 'min(960px, 95vw)' } } }}
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: `repeat(${Math.max(groups.length, 1)}, minmax(150px, 1fr))`,
              gap: 3,
            }}
          >
            {groups.map((group) => (
              <Box key={group.key}>
                <Typography variant="overline" component="h2" color="text.secondary">
                  {menuLabel(t, group)}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {(group.child ?? [])
                    .filter((child) => child.title !== true)
                    .map((child) => (
                      <Box component="li" key={child.key} sx={{ py: 0.5 }}>
                        <Link
                          component={RouterLink}
                          to={child.link ?? '/app'}
                          onClick={close}
                          underline="hover"
                          color={activeIn(child, pathname) ? 'primary' : 'text.primary'}
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
                        >
                          <Icon entry={child} />
                          {menuLabel(t, child)}
                        </Link>
                      </Box>
                    ))}
                </Box>
              </Box>
            ))}
          </Box>
        </Popover>
      )}
    </Box>
  );
}
