import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { User } from '@app/contract/users';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { PageSpinner } from '../../lib/PageSpinner';
import { hasPermission } from '../../lib/session';
import { NotFoundPage } from '../../lib/NotFoundPage';
import { useMember } from './memberApi';
import { MemberDetails, SeatAndPackage } from './MemberDetails';
import { MemberHistory } from './MemberHistory';
import { MemberPayments } from './MemberPayments';
import { MemberAttendance } from './MemberAttendance';
import { MemberStatusActions } from './MemberStatusActions';
import { MemberLinkAction } from '../portal/MemberLinkAction';
import { MemberWifi } from './MemberWifi';
import { MemberPauses } from '../pauses/MemberPauses';
import { displayLocale, formatDate, orgToday } from '../../lib/dates';
import { parseRouteId } from '../../lib/navigation';
import { ValidityTimeline } from './ValidityTimeline';
import { MemberMessagePrefsCard } from '../messages/MemberMessagePrefs';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// Downloaded when first opened, not with the profile (issue 21): the member form (zod, its fields).
const MemberFormDialog = lazyPart(() => import('../users/MemberFormDialog'), 'MemberFormDialog');

function StatusChip({ member }: { member: User }) {
  const { t } = useTranslation();
  if (member.status) return <Chip color="success" label={t('memberProfile.active')} />;
  return (
    <Chip
      color={member.inactiveReason === 'expired' ? 'warning' : 'default'}
      label={t(
        member.inactiveReason === 'expired'
          ? 'memberProfile.inactiveExpired'
          : 'memberProfile.inactiveDeactivated',
      )}
    />
  );
}

function MemberProfile({ member }: { member: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  // Dates and numbers in the language on screen with the organisation's region (lib/dates).
  const locale = displayLocale();
  const today = orgToday();
  const validityOver = member.validTill < today;
  const canEdit = hasPermission('users', 'edit');

  return (
    <>
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Typography>
            <StatusChip member={member} />
          </Box>
          <Typography color="text.secondary">{t('memberProfile.title')}</Typography>
        </Box>
        <MemberLinkAction userId={member.userId} name={member.name} />
        <MemberStatusActions member={member} validityOver={validityOver} />
      </Box>
      {!member.status && validityOver && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('memberProfile.needsPayment', { date: formatDate(member.validTill, locale) })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <ValidityTimeline member={member} today={today} locale={locale} />
        </Box>
        <MemberDetails
          member={member}
          locale={locale}
          edit={
            canEdit && (
              <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('memberProfile.edit')}
              </Button>
            )
          }
        />
        <SeatAndPackage member={member} />
        <MemberMessagePrefsCard userId={member.userId} />
        <MemberWifi member={member} locale={locale} />
        <MemberPauses userId={member.userId} />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <MemberPayments member={member} />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <MemberAttendance member={member} />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <MemberHistory userId={member.userId} locale={locale} />
        </Box>
      </Box>
      <OpenedOnce open={editing}>
        <MemberFormDialog
          open={editing}
          member={member}
          onClose={() => setEditing(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['user'] })}
        />
      </OpenedOnce>
    </>
  );
}

/**
 * /app/UserProfile/{userId}. The API answers 404 for an id of another branch or organisation, so
 * such an id shows the not-found page, never someone else's member.
 */
export function UserProfilePage() {
  const { t } = useTranslation();
  const userId = parseRouteId(useParams().userId);
  const member = useMember(userId);
  if (userId === null) return <NotFoundPage />;
  if (member.isPending) return <PageSpinner />;
  if (member.isError) {
    if (member.error instanceof ApiError && member.error.status === 404) return <NotFoundPage />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void member.refetch()}>
            {t('memberProfile.retry')}
          </Button>
        }
      >
        {t('memberProfile.loadFailed')} {errorMessage(member.error)}
      </Alert>
    );
  }
  return <MemberProfile key={member.data.userId} member={member.data} />;
}
