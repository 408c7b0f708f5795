import type { User } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DetailCard } from './DetailList';
import { isolateLtr } from '../../lib/bidi';
import { formatDate } from '../../lib/dates';
import { formatTime } from './historyDiff';
import { useCatalogueNames } from './memberApi';

/** The daily entry–exit window; 00:00–00:00 is the whole day (DOMAIN.md). */
export function windowText(t: TFunction, member: Pick<User, 'entryTime' | 'exitTime' | 'nextDayExit'>) {
  const entry = formatTime(member.entryTime);
  const exit = formatTime(member.exitTime);
  if (member.entryTime === member.exitTime && !member.nextDayExit) return t('memberProfile.wholeDay');
  // Isolated as a whole, or a right-to-left page draws the range backwards (lib/bidi.ts).
  return isolateLtr(
    t(member.nextDayExit ? 'memberProfile.windowNextDay' : 'memberProfile.windowRange', { entry, exit }),
  );
}

export function MemberDetails({
  member,
  locale,
  edit,
}: {
  member: User;
  locale: string;
  edit?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const none = t('memberProfile.none');
  const rows = [
    { label: t('memberProfile.fields.mobile'), value: member.mobile },
    { label: t('memberProfile.fields.email'), value: member.email ?? none },
    { label: t('memberProfile.fields.joinedOn'), value: formatDate(member.joinedOn, locale) },
    {
      label: t('memberProfile.fields.addedToBiometricMachine'),
      value:
        member.addedToBiometricMachine && member.biometricMachineId !== null
          ? `${t('memberProfile.yes')} (${member.biometricMachineId})`
          : t(member.addedToBiometricMachine ? 'memberProfile.yes' : 'memberProfile.no'),
    },
    { label: t('memberProfile.fields.address'), value: member.address || none },
    { label: t('memberProfile.fields.notes'), value: member.notes || none },
  ];
  return <DetailCard id="details-heading" title={t('memberProfile.details')} rows={rows} action={edit} />;
}

export function SeatAndPackage({ member }: { member: User }) {
  const { t } = useTranslation();
  const rooms = useCatalogueNames('room', member.roomId === null ? [] : [member.roomId]);
  const packages = useCatalogueNames('package', member.packageId === null ? [] : [member.packageId]);
  const fees = useCatalogueNames(
    'feeStructure',
    member.feeStructureId === null ? [] : [member.feeStructureId],
  );
  const room =
    member.roomId === null
      ? null
      : (rooms.get(member.roomId) ?? t('memberProfile.roomFallback', { id: member.roomId }));
  const rows = [
    {
      label: t('memberProfile.fields.seatNumber'),
      value:
        room === null || member.seatNumber === null
          ? t('memberProfile.noSeat')
          : t('memberProfile.seat', { room, seat: member.seatNumber }),
    },
    { label: t('memberProfile.window'), value: windowText(t, member) },
    {
      label: t('memberProfile.fields.packageId'),
      value:
        member.packageId === null
          ? t('memberProfile.noPackage')
          : (packages.get(member.packageId) ?? t('memberProfile.packageFallback', { id: member.packageId })),
    },
    {
      label: t('memberProfile.fields.feeStructureId'),
      value:
        member.feeStructureId === null
          ? t('memberProfile.noFeeStructure')
          : (fees.get(member.feeStructureId) ??
            t('memberProfile.feeStructureFallback', { id: member.feeStructureId })),
    },
  ];
  return <DetailCard id="seat-heading" title={t('memberProfile.seatAndPackage')} rows={rows} />;
}
