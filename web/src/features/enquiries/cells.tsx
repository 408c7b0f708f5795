import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { Enquiry } from '@app/contract/enquiries';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/dates';
import { followUpState, statusColors } from './presentation';
import { memberProfilePath } from './resource';

/** A status as a coloured chip with its translated name. */
export function EnquiryStatusChip({ status }: { status: Enquiry['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={statusColors[status]} label={t(`enquiries.statuses.${status}`)} />;
}

/**
 * The follow-up date, marked when it is due today or overdue so the day's calls stand out; a
 * closed enquiry's date is shown greyed, as it needs no call any more.
 */
export function FollowUpCell({
  enquiry,
  today,
  locale,
}: {
  enquiry: Pick<Enquiry, 'followUpDate' | 'status'>;
  today: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const state = followUpState(enquiry, today);
  if (enquiry.followUpDate === null || state === 'none') {
    return <Box sx={{ color: 'text.secondary' }}>—</Box>;
  }
  const date = formatDate(enquiry.followUpDate, locale);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        height: '100%',
        color: state === 'closed' ? 'text.secondary' : 'text.primary',
      }}
    >
      <span>{date}</span>
      {state === 'overdue' && (
        <Chip size="small" variant="outlined" color="error" label={t('enquiries.followUps.overdue')} />
      )}
      {state === 'today' && (
        <Chip size="small" variant="outlined" color="warning" label={t('enquiries.followUps.today')} />
      )}
    </Box>
  );
}

/**
 * The name; a converted enquiry's name links to the member it became, so the way there is in the
 * first column on every screen size.
 */
export function NameCell({ enquiry }: { enquiry: Pick<Enquiry, 'convertedUserId' | 'name'> }) {
  const { t } = useTranslation();
  if (enquiry.convertedUserId === null) return <>{enquiry.name}</>;
  return (
    <Tooltip title={t('enquiries.openMember')}>
      <Link
        component={RouterLink}
        to={memberProfilePath(enquiry.convertedUserId)}
        aria-label={t('enquiries.openMemberOf', { name: enquiry.name })}
      >
        {enquiry.name}
      </Link>
    </Tooltip>
  );
}
