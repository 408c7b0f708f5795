import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SeatAvailability } from '@app/contract/seats';
import type { DailyWindow } from '@app/contract/seatWindows';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { readActiveBranch } from '../../lib/session';
import { resourceKey } from '../../lib/table/useResourceList';
import { activeUserResource } from './resource';
import { SeatGrid } from './SeatGrid';
import { holderLabel } from './seatLabels';

const timePattern = /^\d{2}:\d{2}(:\d{2})?$/;

/** Who holds which seat of a room in a daily window; under the users' key, so a save refreshes it. */
export function useSeatAvailability(roomId: number | null, window: DailyWindow, excludeUserId?: number) {
  const branchId = readActiveBranch()?.id ?? null;
  const ready = roomId !== null && timePattern.test(window.entryTime) && timePattern.test(window.exitTime);
  const query = {
    roomId: roomId ?? undefined,
    entryTime: window.entryTime,
    exitTime: window.exitTime,
    nextDayExit: window.nextDayExit,
    excludeUserId,
  };
  return useQuery({
    queryKey: [...resourceKey(activeUserResource), 'seats', branchId, query],
    queryFn: ({ signal }) => get<SeatAvailability>('/user/getSeatAvailability', { query, signal }),
    enabled: ready,
    // The last answer stays while a changed window is asked about, so the grid does not blink.
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });
}

export interface SeatPickerProps {
  roomId: number;
  window: DailyWindow;
  /** The member being edited: their own seat is not held against them. */
  excludeUserId?: number;
  value: number | null;
  onChange: (seatNumber: number) => void;
  /** The seat field's problem, if any. */
  error?: string;
}

function Legend() {
  const { t } = useTranslation();
  const swatch = (sx: object) => (
    <Box component="span" sx={{ width: 14, height: 14, borderRadius: 0.5, border: 1, ...sx }} />
  );
  const items = [
    { key: 'free', box: swatch({ borderColor: 'primary.main' }), text: t('members.legendFree') },
    {
      key: 'chosen',
      box: swatch({ bgcolor: 'primary.main', borderColor: 'primary.main' }),
      text: t('members.legendChosen'),
    },
    {
      key: 'taken',
      box: swatch({ bgcolor: 'action.disabledBackground', borderColor: 'divider' }),
      text: t('members.legendTaken'),
    },
    {
      key: 'shared',
      box: swatch({
        borderColor: 'primary.main',
        position: 'relative',
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 2,
          right: 2,
          width: 4,
          height: 4,
          borderRadius: '50%',
          bgcolor: 'warning.main',
        },
      }),
      text: t('members.legendShared'),
    },
  ];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {items.map((item) => (
        <Stack key={item.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          {item.box}
          <Typography variant="caption" color="text.secondary">
            {item.text}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The room's seats for the form's current window; re-asked whenever the window changes. */
export function SeatPicker(props: SeatPickerProps) {
  const { t } = useTranslation();
  const availability = useSeatAvailability(props.roomId, props.window, props.excludeUserId);
  const seats = availability.data?.seats ?? [];
  const chosen = seats.find((seat) => seat.seatNumber === props.value);

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24 }}>
        <Typography variant="subtitle2" component="h3">
          {props.value === null ? t('members.chooseSeat') : t('members.seatChosen', { number: props.value })}
        </Typography>
        {availability.isFetching && <CircularProgress size={16} aria-label={t('members.loadingSeats')} />}
      </Stack>
      {availability.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void availability.refetch()}>
              {t('members.retry')}
            </Button>
          }
        >
          {errorMessage(availability.error)}
        </Alert>
      ) : availability.data === undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {availability.isFetching ? t('members.loadingSeats') : t('members.windowFirst')}
        </Typography>
      ) : (
        <>
          <Legend />
          <SeatGrid
            seats={seats}
            value={props.value}
            onChange={props.onChange}
            label={t('members.seats')}
            error={props.error !== undefined}
          />
        </>
      )}
      {chosen !== undefined && !chosen.free && (
        <Alert severity="warning">
          {t('members.chosenSeatTaken', {
            number: chosen.seatNumber,
            holders: chosen.takenBy.map((holder) => holderLabel(t, holder)).join(', '),
          })}
        </Alert>
      )}
      {props.error !== undefined && <FormHelperText error>{props.error}</FormHelperText>}
    </Stack>
  );
}
