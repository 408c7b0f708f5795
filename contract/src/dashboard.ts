import { z } from 'zod';
import { queryId } from './list.ts';
import { paymentModes } from './payments.ts';
import { isoDate } from './users.ts';

// The dashboard and analytics (issue 13), read from kept summaries (daily_tallies, member_stats,
// seat_hours) and small index ranges: figures, not lists of rows.

/** Parts of the day the occupancy is shown for (branch time; night wraps past midnight). */
export const shifts = [
  { name: 'morning', from: 6, to: 12 },
  { name: 'afternoon', from: 12, to: 17 },
  { name: 'evening', from: 17, to: 22 },
  { name: 'night', from: 22, to: 6 },
] as const;
export type ShiftName = (typeof shifts)[number]['name'];

/** The hours (0..23) of a shift. */
export const shiftHours = (shift: { from: number; to: number }) =>
  Array.from({ length: (shift.to - shift.from + 24) % 24 || 24 }, (_, i) => (shift.from + i) % 24);

const modeAmount = z.object({
  mode: z.enum(paymentModes),
  amount: z.number().int(),
  count: z.number().int(),
});

/**
 * Money figures are null for a staff member who may not view payments (issue 13: a receptionist sees
 * only what the role allows); the counts beside them stay.
 */
export const dashboardSchema = z.object({
  today: z.string(),
  members: z.object({
    active: z.number().int(),
    inactive: z.number().int(),
    expiringIn7Days: z.number().int(),
    /** Lapsed in the last 7 days and still not renewed. */
    expiredThisWeek: z.number().int(),
    /** Dues outstanding: their sum and how many members owe (money: null without payments view). */
    dues: z.number().int().nullable(),
    owing: z.number().int().nullable(),
  }),
  collections: z
    .object({
      today: z.number().int(),
      todayByMode: z.array(modeAmount),
      thisMonth: z.number().int(),
      lastMonth: z.number().int(),
    })
    .nullable(),
  refundsThisMonth: z.number().int().nullable(),
  expensesThisMonth: z.number().int().nullable(),
  /** thisMonth collections - refunds - expenses. */
  netThisMonth: z.number().int().nullable(),
  occupancy: z.object({
    /** Seats of the branch's active rooms. */
    capacity: z.number().int(),
    /** The most members whose window falls in the shift at any one hour. */
    shifts: z.array(
      z.object({ shift: z.enum(['morning', 'afternoon', 'evening', 'night']), members: z.number().int() }),
    ),
  }),
  enquiriesDueToday: z.number().int(),
  /** Members inside now by the door devices' punches (issue 15). */
  insideNow: z.number().int(),
  renewalsDue: z.array(
    z.object({ userId: z.number().int(), name: z.string(), mobile: z.string(), validTill: z.string() }),
  ),
  latestPayments: z
    .array(
      z.object({
        id: z.number().int(),
        receiptNumber: z.string(),
        memberName: z.string(),
        received: z.number().int(),
        mode: z.enum(paymentModes),
        paidAt: z.string(),
        status: z.enum(['completed', 'voided']),
      }),
    )
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const analyticsQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    /** One branch; omitted: every branch the staff member may use. */
    branchId: queryId.optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end must not be before the start' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, {
    path: ['from'],
    message: 'Choose at most three years',
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const monthFigures = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Money: null without payments view, like every amount of the analytics. */
  collections: z.number().int().nullable(),
  refunds: z.number().int().nullable(),
  expenses: z.number().int().nullable(),
  net: z.number().int().nullable(),
  newMembers: z.number().int(),
  /** Members switched off as expired (their last valid day ended the month before or in it) and not renewed since. */
  lapsed: z.number().int(),
  /** Payments for a fee structure. */
  renewals: z.number().int(),
});

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  branchIds: z.array(z.number().int()),
  months: z.array(monthFigures),
  /** Amounts by payment mode, fee type and expense category; null without payments view. */
  modes: z.array(modeAmount).nullable(),
  feeTypes: z
    .array(z.object({ feeTypeId: z.number().int(), name: z.string(), amount: z.number().int() }))
    .nullable(),
  expenseCategories: z
    .array(z.object({ categoryId: z.number().int(), name: z.string(), amount: z.number().int() }))
    .nullable(),
  /** renewals / (renewals + lapses) in the range; null when neither happened. */
  renewalRate: z.number().nullable(),
  occupancy: z.object({ capacity: z.number().int(), hours: z.array(z.number().int()) }),
  enquiries: z.object({
    created: z.number().int(),
    contacted: z.number().int(),
    converted: z.number().int(),
    lost: z.number().int(),
  }),
  branches: z.array(
    z.object({
      branchId: z.number().int(),
      name: z.string(),
      collections: z.number().int().nullable(),
      refunds: z.number().int().nullable(),
      expenses: z.number().int().nullable(),
      net: z.number().int().nullable(),
      activeMembers: z.number().int(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
