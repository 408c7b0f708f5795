import { describe, expect, it } from 'vitest';
import { followUpState, isReadOnly, statusColors } from './presentation';

const today = '2026-03-10';

describe('followUpState', () => {
  it('marks an open enquiry due before today as overdue, today as today, later as upcoming', () => {
    expect(followUpState({ followUpDate: '2026-03-09', status: 'contacted' }, today)).toBe('overdue');
    expect(followUpState({ followUpDate: '2026-03-10', status: 'followUp' }, today)).toBe('today');
    expect(followUpState({ followUpDate: '2026-03-11', status: 'new' }, today)).toBe('upcoming');
  });

  it('compares dates across months and years, not as numbers of days in a month', () => {
    expect(followUpState({ followUpDate: '2025-12-31', status: 'new' }, '2026-01-01')).toBe('overdue');
    expect(followUpState({ followUpDate: '2026-02-01', status: 'new' }, '2026-01-31')).toBe('upcoming');
  });

  it('never calls a converted or lost enquiry overdue, as the API overdue filter does not', () => {
    expect(followUpState({ followUpDate: '2026-01-01', status: 'converted' }, today)).toBe('closed');
    expect(followUpState({ followUpDate: '2026-01-01', status: 'lost' }, today)).toBe('closed');
  });

  it('has nothing to say without a date', () => {
    expect(followUpState({ followUpDate: null, status: 'new' }, today)).toBe('none');
  });
});

describe('status presentation', () => {
  it('gives every status its own colour, converted as success', () => {
    expect(new Set(Object.values(statusColors)).size).toBe(5);
    expect(statusColors.converted).toBe('success');
    expect(statusColors.followUp).toBe('warning');
  });

  it('makes only converted enquiries read-only', () => {
    expect(isReadOnly({ status: 'converted' })).toBe(true);
    for (const status of ['new', 'contacted', 'followUp', 'lost'] as const) {
      expect(isReadOnly({ status })).toBe(false);
    }
  });
});
