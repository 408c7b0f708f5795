import { useState } from 'react';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { Pause } from '@app/contract/pauses';
import { get } from '../../lib/api';
import { addDays, displayLocale, formatDate, orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { hasPermission } from '../../lib/session';
import { DetailCard } from '../userProfile/DetailList';
import { endPause, pauseMember, pausesKey } from './pausesApi';

// The pause form (zod, its fields) is downloaded when first opened, not with the profile (issue 21).
const PauseDialog = lazyPart(() => import('./PauseDialog'), 'PauseDialog');

/**
 * A member's pauses on their profile (issue 45, point 4): each with its days, status and reason;
 * staff who may edit members pause them (from, days, reason) and end an approved pause early.
 */
export function MemberPauses({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [pausing, setPausing] = useState(false);
  const canEdit = hasPermission('users', 'edit');
  const locale = displayLocale();
  const today = orgToday();
  const pauses = useQuery({
    queryKey: [...pausesKey, 'member', userId],
    queryFn: ({ signal }) => get<Pause[]>('/user/getPauses', { query: { userId }, signal }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pausesKey }),
      queryClient.invalidateQueries({ queryKey: ['user'] }),
    ]);
  const end = async (pause: Pause) => {
    try {
      await endPause(pause.id);
      enqueueSnackbar(t('pauses.ended'), { variant: 'success' });
      await refresh();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  const rows = (pauses.data ?? []).map((p) => ({
    // The last day paused: `until` is the first day back (as the member page says it).
    label: t('pauses.range', {
      from: formatDate(p.from, locale),
      until: formatDate(addDays(p.until, -1), locale),
    }),
    value: (
      <span data-testid="member-pause">
        {t(`pauses.status.${p.status}`)} · {t('pauses.dayCount', { count: p.days })}
        {p.reason ? ` · ${p.reason}` : ''}
        {p.rejectReason ? ` · ${p.rejectReason}` : ''}
        {canEdit && p.status === 'approved' && p.until > today && (
          <Button size="small" onClick={() => void end(p)}>
            {t('pauses.end')}
          </Button>
        )}
      </span>
    ),
  }));
  return (
    <>
      <DetailCard
        id="member-pauses"
        title={t('pauses.profileTitle')}
        rows={rows.length > 0 ? rows : [{ label: t('pauses.noneYet'), value: '' }]}
        action={canEdit && <Button onClick={() => setPausing(true)}>{t('pauses.pause')}</Button>}
      />
      <OpenedOnce open={pausing}>
        <PauseDialog
          open={pausing}
          today={today}
          onClose={() => setPausing(false)}
          onSubmit={async (values) => {
            await pauseMember(userId, values);
            enqueueSnackbar(t('pauses.paused'), { variant: 'success' });
            await refresh();
          }}
        />
      </OpenedOnce>
    </>
  );
}
