import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Circle from '@mui/icons-material/Circle';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useSessionView } from '../../lib/useSession';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { logOut } from './logOut';

// Its form's code (react-hook-form) comes when it first opens, not with every screen (issue 21).
const ChangePasswordDialog = lazyPart(() => import('./ChangePasswordDialog'), 'ChangePasswordDialog');

/** The drawer's status options, spelt as the specification spells them; kept in this tab only. */
export const userStatuses = ['online', 'idle', 'bussy', 'offline'] as const;
export type UserStatus = (typeof userStatuses)[number];

const statusColour: Record<UserStatus, 'success.main' | 'warning.main' | 'error.main' | 'grey.500'> = {
  online: 'success.main',
  idle: 'warning.main',
  bussy: 'error.main',
  offline: 'grey.500',
};

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The top bar's user menu: status, 'Change Password' and 'Log Out'. */
export function UserMenu() {
  const { t } = useTranslation();
  const { staffDetails } = useSessionView();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [status, setStatus] = useState<UserStatus>('online');
  const [changingPassword, setChangingPassword] = useState(false);
  const name = staffDetails?.staffName ?? '';

  return (
    <>
      <Tooltip title={t('userMenu.open')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('userMenu.open')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor !== null ? 'user-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Badge
            overlap="circular"
            variant="dot"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            sx={{
              '& .MuiBadge-badge': {
                bgcolor: statusColour[status],
                boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
              },
            }}
          >
            <Avatar
              sx={{
                width: 36,
                height: 36,
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                fontSize: 16,
              }}
            >
              {initials(name)}
            </Avatar>
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {name !== '' && (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          </Box>
        )}
        {name !== '' && <Divider />}
        {/* A caption, not an item: a menu may only own menu items (axe aria-required-children). */}
        <ListSubheader role="presentation" sx={{ lineHeight: '32px' }}>
          {t('userMenu.status')}
        </ListSubheader>
        {userStatuses.map((option) => (
          <MenuItem
            key={option}
            selected={option === status}
            role="menuitemradio"
            aria-checked={option === status}
            onClick={() => setStatus(option)}
          >
            <ListItemIcon>
              <Circle sx={{ fontSize: 12, color: statusColour[option] }} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t(`userMenu.${option}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChangingPassword(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText>{t('userMenu.changePassword')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText>{t('userMenu.logOut')}</ListItemText>
        </MenuItem>
      </Menu>
      <OpenedOnce open={changingPassword}>
        <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      </OpenedOnce>
    </>
  );
}
