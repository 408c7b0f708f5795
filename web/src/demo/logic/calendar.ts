/** Calendar and task board (spec sections 3, 5 and 9). */
export const calendarStepMinutes = 60;
export const defaultCalendarView = 'month';
export const eventColours = ['#EC407A', '#43A047', '#2096f3', '#AB47BC', '#FF5722'] as const;

export const boardColours = {
  Red: '#EC407A',
  Green: '#43A047',
  Blue: '#2096f3',
  Violet: '#AB47BC',
  Orange: '#FF5722',
} as const;

export const defaultLaneColour = '#EC407A';

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  hexColor: string;
}

/** Event Name is required; the date pickers do not allow past dates. */
export function validateEvent(
  title: string,
  start: Date,
  today: Date,
): { title?: 'Required'; start?: 'past' } {
  const errors: { title?: 'Required'; start?: 'past' } = {};
  if (title.trim() === '') errors.title = 'Required';
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (start < midnight) errors.start = 'past';
  return errors;
}

/** The slots of one day at the calendar's 60-minute step. */
export function daySlots(): string[] {
  return Array.from({ length: 24 * (60 / calendarStepMinutes) }, (_, index) => {
    const minutes = index * calendarStepMinutes;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** The days of a month view: whole weeks from Sunday, so leading and trailing days are included. */
export function monthGrid(year: number, month: number): Date[] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  const last = new Date(year, month + 1, 0);
  const days = Math.ceil((first.getDay() + last.getDate()) / 7) * 7;
  return Array.from(
    { length: days },
    (_, index) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + index),
  );
}

/** Board form: Board Name is required. */
export function validateBoard(name: string): { name?: 'Required' } {
  return name.trim() === '' ? { name: 'Required' } : {};
}
