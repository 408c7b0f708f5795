import { formatDate } from '../../lib/dates';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/contract/users';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { hasPermission } from '../../lib/session';
import { formatBytes } from '../wifiSessions/bytes';
import { fetchMemberWifi, memberWifiKey, resetWifiPin } from '../wifiSessions/wifiApi';
import { DetailCard } from './DetailList';

/** The member's WiFi card: sign-in name and PIN (with Reset), data used this validity period, devices online. */
export function MemberWifi({ member, locale }: { member: User; locale: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const wifi = useQuery({
    queryKey: memberWifiKey(member.userId),
    queryFn: () => fetchMemberWifi(member.userId),
  });
  const reset = useMutation({
    mutationFn: () => resetWifiPin(member.userId),
    onSuccess: (data) => {
      queryClient.setQueryData(memberWifiKey(member.userId), data);
      enqueueSnackbar(t('wifi.profile.pinReset', { pin: data.pin }), { variant: 'success' });
      setAsking(false);
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });

  if (wifi.isPending) return <Skeleton variant="rounded" height={220} aria-label={t('wifi.profile.title')} />;
  if (wifi.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void wifi.refetch()}>
            {t('memberProfile.retry')}
          </Button>
        }
      >
        {errorMessage(wifi.error)}
      </Alert>
    );
  }
  const { usage } = wifi.data;
  const used = formatBytes(usage.usedBytes, locale);
  const share = usage.capBytes ? Math.min(100, (usage.usedBytes / usage.capBytes) * 100) : null;
  const rows = [
    { label: t('wifi.profile.username'), value: wifi.data.username },
    {
      label: t('wifi.profile.pin'),
      value: (
        <Box component="code" sx={{ fontSize: '1.1rem', letterSpacing: 2 }}>
          {wifi.data.pin}
        </Box>
      ),
    },
    { label: t('wifi.profile.package'), value: wifi.data.packageName ?? t('wifi.profile.noPackage') },
    {
      label: t('wifi.profile.used'),
      value: (
        <>
          {usage.capBytes === null
            ? t('wifi.profile.usedUnlimited', { used })
            : t('wifi.profile.usedOfCap', { used, cap: formatBytes(usage.capBytes, locale) })}
          {share !== null && (
            <LinearProgress
              variant="determinate"
              value={share}
              color={share >= 100 ? 'error' : share >= 80 ? 'warning' : 'primary'}
              sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
              aria-label={t('wifi.profile.used')}
            />
          )}
        </>
      ),
    },
    { label: t('wifi.profile.periodStart'), value: formatDate(usage.periodStart, locale) },
    {
      label: t('wifi.profile.online'),
      value:
        wifi.data.devicesPerMember === null
          ? String(usage.onlineSessions)
          : t('wifi.profile.onlineOf', { count: usage.onlineSessions, devices: wifi.data.devicesPerMember }),
    },
  ];
  return (
    <>
      <DetailCard
        id="member-wifi"
        title={t('wifi.profile.title')}
        rows={rows}
        action={
          hasPermission('users', 'edit') && (
            <Button onClick={() => setAsking(true)}>{t('wifi.profile.resetPin')}</Button>
          )
        }
      />
      <ConfirmDialog
        open={asking}
        title={t('wifi.profile.resetTitle')}
        text={t('wifi.profile.resetText', { name: member.name })}
        confirmLabel={t('wifi.profile.resetPin')}
        cancelLabel={t('memberProfile.cancel')}
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
