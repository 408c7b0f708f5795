import { z } from 'zod';
import { maxMinorAmount } from './money.ts';

// Apart from money.ts, so formatting and parsing money brings no zod along (issue 21).

export const minorAmountSchema = z
  .number()
  .int('Use whole minor units (e.g. paise)')
  .min(0, 'Must not be negative')
  .max(maxMinorAmount, 'Amount is too large');

/** An amount that must be more than zero (a fee line, a payment). */
export const positiveMinorAmountSchema = z
  .number()
  .int('Use whole minor units (e.g. paise)')
  .min(1, 'Must be more than 0')
  .max(maxMinorAmount, 'Amount is too large');
