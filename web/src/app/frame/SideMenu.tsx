import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuEntry } from '@app/contract/menu';
import { menuIcons } from '../menu/menuIcons';
import { menuLabel } from '../menu/menuLabel';
import { useOpenGroup } from './useFrameMenu';

export interface SideMenuProps {
  entries: MenuEntry[];
  /** Icons only, names in tooltips (the collapsed desktop drawer). */
  collapsed?: boolean;
  /** Called after a link is chosen (closes the mobile drawer). */
  onNavigate?: () => void;
}

function isActive(entry: MenuEntry, pathname: string): boolean {
  return entry.link !== undefined && entry.link.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase();
}

function EntryIcon({ entry }: { entry: MenuEntry }) {
  if (entry.icon === undefined) return null;
  const Icon = menuIcons[entry.icon];
  return (
    <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
      <Icon aria-hidden />
    </ListItemIcon>
  );
}

/** The navigation menu as a vertical list: groups with one open at a time, exact active links. */
export function SideMenu({ entries, collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { openKey, toggle } = useOpenGroup(pathname);

  const leaf = (entry: MenuEntry, depth: number) => {
    const label = menuLabel(t, entry);
    const active = isActive(entry, pathname);
    const button = (
      <ListItemButton
        component={RouterLink}
        to={entry.link ?? '/app'}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: collapsed ? 2.5 : 2 + depth * 2, minHeight: 44 }}
      >
        <EntryIcon entry={entry} />
        {!collapsed && <ListItemText primary={label} />}
        {!collapsed && entry.badge !== undefined && (
          <Chip label={entry.badge} size="small" color="secondary" sx={{ height: 20 }} />
        )}
      </ListItemButton>
    );
    // A link may not be a direct child of <ul> (axe 'list'): each entry is its own list item.
    return (
      <li key={entry.key} style={{ listStyle: 'none' }}>
        {collapsed ? (
          <Tooltip title={label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        )}
      </li>
    );
  };

  const render = (entry: MenuEntry, depth: number) => {
    if (entry.title === true) {
      return collapsed ? null : (
        <ListSubheader key={entry.key} sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
          {menuLabel(t, entry)}
        </ListSubheader>
      );
    }
    if (entry.child === undefined) return leaf(entry, depth);
    const open = openKey === entry.key;
    const label = menuLabel(t, entry);
    const header = (
      <ListItemButton
        onClick={() => toggle(entry.key)}
        aria-expanded={open}
        sx={{ pl: collapsed ? 2.5 : 2 + depth * 2, minHeight: 44 }}
      >
        <EntryIcon entry={entry} />
        {!collapsed && <ListItemText primary={label} />}
        {!collapsed && (open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
      </ListItemButton>
    );
    return (
      <li key={entry.key} style={{ listStyle: 'none' }}>
        {collapsed ? (
          <Tooltip title={label} placement="right">
            {header}
          </Tooltip>
        ) : (
          header
        )}
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List component="ul" disablePadding aria-label={label}>
            {entry.child.map((child) => render(child, depth + 1))}
          </List>
        </Collapse>
      </li>
    );
  };

  return (
    <List component="ul" aria-label={t('app.mainNavigation')} sx={{ py: 1 }}>
      {entries.map((entry) => render(entry, 0))}
    </List>
  );
}
