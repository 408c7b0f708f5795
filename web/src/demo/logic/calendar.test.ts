import { describe, expect, it } from 'vitest';
import {
  boardColours,
  calendarStepMinutes,
  daySlots,
  defaultCalendarView,
  defaultLaneColour,
  eventColours,
  monthGrid,
  validateBoard,
  validateEvent,
} from './calendar';
import { isCompleteDate, isCompleteTime, maskDate, maskTime } from './masks';

describe('calendar and board', () => {
  it('has the specification colours, a 60-minute step and the month view by default', () => {
    expect(eventColours).toEqual(['#EC407A', '#43A047', '#2096f3', '#AB47BC', '#FF5722']);
    expect(Object.keys(boardColours)).toEqual(['Red', 'Green', 'Blue', 'Violet', 'Orange']);
    expect(defaultLaneColour).toBe('#EC407A');
    expect(calendarStepMinutes).toBe(60);
    expect(daySlots().slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(daySlots()).toHaveLength(24);
    expect(defaultCalendarView).toBe('month');
  });

  it('requires the event name and refuses past dates; the board name is required', () => {
    const today = new Date(2026, 10, 26, 15);
    expect(validateEvent('', new Date(2026, 10, 26, 9), today)).toEqual({ title: 'Required' });
    expect(validateEvent('x', new Date(2026, 10, 25), today)).toEqual({ start: 'past' });
    expect(validateBoard(' ')).toEqual({ name: 'Required' });
    expect(validateBoard('Plan')).toEqual({});
  });

  it('lays a month out in whole weeks', () => {
    const grid = monthGrid(2026, 10);
    expect(grid).toHaveLength(35);
    expect(grid[0]!.getDay()).toBe(0);
  });
});

describe('input masks', () => {
  it('masks DD/MM/YYYY and hh:mm AM/PM', () => {
    expect(maskDate('26112026')).toBe('26/11/2026');
    expect(maskDate('2611')).toBe('26/11');
    expect(isCompleteDate('26/11/2026')).toBe(true);
    expect(maskTime('0930p')).toBe('09:30 PM');
    expect(isCompleteTime('09:30 PM')).toBe(true);
    expect(isCompleteTime('13:30 PM')).toBe(false);
  });
});
