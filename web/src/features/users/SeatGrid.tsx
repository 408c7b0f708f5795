import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { seatLabel } from './seatLabels';
import type { Seat } from './seatLabels';

export interface SeatGridProps {
  seats: readonly Seat[];
  /** The chosen seat number, or null. */
  value: number | null;
  onChange: (seatNumber: number) => void;
  /** Accessible name of the group. */
  label: string;
  error?: boolean;
}

const seatSize = 44;

/**
 * The seats of a room as a radio group of buttons: free seats can be chosen, taken ones stay
 * focusable (so their holder can be read) but do not choose. One seat is in the tab order; the
 * arrow keys, Home and End move between seats, Space and Enter choose.
 */
export function SeatGrid({ seats, value, onChange, label, error }: SeatGridProps) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The seat last focused or tapped: its description is shown below the grid (touch has no tooltip).
  const [shown, setShown] = useState<Seat | null>(null);
  const chosenIndex = seats.findIndex((seat) => seat.seatNumber === value);
  const firstFree = seats.findIndex((seat) => seat.free);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const tabIndex = focusIndex ?? (chosenIndex >= 0 ? chosenIndex : Math.max(firstFree, 0));

  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), seats.length - 1);
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: seats.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  const choose = (seat: Seat) => {
    setShown(seat);
    if (seat.free) onChange(seat.seatNumber);
  };

  return (
    <Box>
      <Box
        role="radiogroup"
        aria-label={label}
        aria-invalid={error === true ? true : undefined}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${seatSize}px, 1fr))`,
          gap: 0.75,
          maxHeight: 5 * (seatSize + 6),
          overflowY: 'auto',
          p: 0.5,
        }}
      >
        {seats.map((seat, index) => {
          const chosen = seat.seatNumber === value;
          const shared = seat.free && seat.takenBy.length > 0;
          const text = seatLabel(t, seat);
          return (
            <Tooltip key={seat.seatNumber} title={text} disableInteractive>
              <ButtonBase
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                role="radio"
                aria-checked={chosen}
                aria-disabled={!seat.free}
                aria-label={text}
                tabIndex={index === tabIndex ? 0 : -1}
                onClick={() => choose(seat)}
                onFocus={() => {
                  setFocusIndex(index);
                  setShown(seat);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
                data-seat={seat.seatNumber}
                data-state={chosen ? 'chosen' : seat.free ? 'free' : 'taken'}
                sx={(theme) => ({
                  height: seatSize,
                  borderRadius: 1,
                  border: 1,
                  fontWeight: 600,
                  fontSize: 14,
                  position: 'relative',
                  cursor: seat.free ? 'pointer' : 'not-allowed',
                  borderColor: chosen ? 'primary.main' : seat.free ? 'primary.main' : 'divider',
                  color: chosen ? 'primary.contrastText' : seat.free ? 'primary.main' : 'text.disabled',
                  bgcolor: chosen ? 'primary.main' : seat.free ? 'transparent' : 'action.disabledBackground',
                  textDecoration: seat.free ? 'none' : 'line-through',
                  '&:hover': seat.free && !chosen ? { bgcolor: alpha(theme.palette.primary.main, 0.08) } : {},
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                  // A seat held at another time of day: free now, marked with a corner dot.
                  '&::after': shared
                    ? {
                        content: '""',
                        position: 'absolute',
                        top: 4,
                        right: 4,
                        width: 6,
                        height: 6,
                        borderRadius: '50%',
                        bgcolor: chosen ? 'primary.contrastText' : 'warning.main',
                      }
                    : undefined,
                })}
              >
                {seat.seatNumber}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 1, minHeight: 20 }}>
        {shown === null ? t('members.seatHint') : seatLabel(t, shown)}
      </Typography>
    </Box>
  );
}
