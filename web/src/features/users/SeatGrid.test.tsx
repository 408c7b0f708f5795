import { fireEvent, render, screen } from '@testing-library/react';
import { isolateLtr } from '../../lib/bidi';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { SeatGrid } from './SeatGrid';
import type { Seat } from './seatLabels';

const asha = { userId: 7, name: 'Asha Rao', entryTime: '08:00:00', exitTime: '14:00:00', nextDayExit: false };
const night = { userId: 8, name: 'Ravi', entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true };
/** A seat Meena chose on her page and is paying for by UPI (issue 45): held, not assigned yet. */
const meena = {
  userId: 9,
  name: 'Meena',
  entryTime: '08:00:00',
  exitTime: '12:00:00',
  nextDayExit: false,
  held: true,
};
const seats: Seat[] = [
  { seatNumber: 1, takenBy: [], free: true },
  { seatNumber: 2, takenBy: [asha], free: false },
  { seatNumber: 3, takenBy: [night], free: true },
];

function renderGrid(value: number | null = null) {
  const onChange = vi.fn();
  render(<SeatGrid seats={seats} value={value} onChange={onChange} label="Seats" />);
  return onChange;
}

const seat = (n: number) => screen.getByRole('radio', { name: new RegExp(`^Seat ${n},`) });

describe('SeatGrid', () => {
  it('names every seat: free, taken by whom and when, or free now but held at another time', () => {
    renderGrid();
    expect(screen.getByRole('radiogroup', { name: 'Seats' })).toBeTruthy();
    expect(seat(1).getAttribute('aria-label')).toBe('Seat 1, free');
    expect(seat(2).getAttribute('aria-label')).toBe(
      `Seat 2, taken by Asha Rao (${isolateLtr('08:00–14:00')})`,
    );
    expect(seat(3).getAttribute('aria-label')).toBe(
      `Seat 3, free at this time (also held by Ravi (${isolateLtr('20:00–06:00')} (+1 day)))`,
    );
    expect(seat(2).getAttribute('aria-disabled')).toBe('true');
    expect(seat(3).getAttribute('aria-disabled')).toBe('false');
  });

  it('names a seat a member chose on their page as theirs for now', () => {
    render(
      <SeatGrid
        seats={[{ seatNumber: 4, takenBy: [meena], free: false }]}
        value={null}
        onChange={vi.fn()}
        label="Seats"
      />,
    );
    expect(seat(4).getAttribute('aria-label')).toBe(
      `Seat 4, taken by Meena (${isolateLtr('08:00–12:00')}, chosen on their page)`,
    );
    expect(seat(4).getAttribute('aria-disabled')).toBe('true');
  });

  it('chooses a free seat and refuses a taken one, telling who holds it', () => {
    const onChange = renderGrid();
    fireEvent.click(seat(2));
    expect(onChange).not.toHaveBeenCalled();
    expect(
      screen.getByText(`Seat 2, taken by Asha Rao (${isolateLtr('08:00–14:00')})`, { selector: 'p' }),
    ).toBeTruthy();
    fireEvent.click(seat(3));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('marks the chosen seat and keeps it as the one seat in the tab order', () => {
    renderGrid(3);
    expect(seat(3).getAttribute('aria-checked')).toBe('true');
    expect(seat(1).getAttribute('aria-checked')).toBe('false');
    expect(seat(3).getAttribute('tabindex')).toBe('0');
    expect(seat(1).getAttribute('tabindex')).toBe('-1');
  });

  it('moves with the arrow keys, Home and End, and chooses with Enter on a focused free seat', () => {
    const onChange = renderGrid();
    seat(1).focus();
    fireEvent.keyDown(seat(1), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(seat(2));
    fireEvent.keyDown(seat(2), { key: 'End' });
    expect(document.activeElement).toBe(seat(3));
    fireEvent.keyDown(seat(3), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(seat(3));
    fireEvent.keyDown(seat(3), { key: 'Home' });
    expect(document.activeElement).toBe(seat(1));
    // A native button: Enter and Space click it.
    expect(seat(1).tagName).toBe('BUTTON');
    expect(seat(1).getAttribute('type')).toBe('button');
    fireEvent.click(seat(1));
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
