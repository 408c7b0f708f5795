import { z } from 'zod';
import { paletteKeys } from './palettes.ts';

const knownBy = (check: (value: string) => void) => (value: string) => {
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
};

/** The organisation's own settings (DOMAIN.md, Organisation settings), edited by its owner. */
export const organisationSettingsSchema = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
  fyStartMonth: z.number().int(),
  receiptPrefix: z.string(),
  paymentDisabled: z.boolean(),
  receiptAddress: z.string(),
  taxId: z.string(),
  /** WiFi sign-in only inside the member's entry/exit window. */
  wifiWithinWindow: z.boolean(),
  /** The member page's palette (issue 37): one of UI.md's 17. */
  memberPalette: z.enum(paletteKeys),
  /** Payments exist: the currency can no longer change (amounts are stored in it). */
  currencyLocked: z.boolean(),
  /** The template's demo screens in the owners' menu (issue 41, point 8). */
  demoMenu: z.boolean(),
  /** How long a seat chosen on the member page is held without a UPI claim (issue 45, point 5). */
  seatHoldMinutes: z.number().int(),
  /**
   * Hindi screens, the member page and documents in Hindi write numbers, money and dates with
   * Devanagari digits (hi-IN-u-nu-deva: १२,३४,५६७.५०); off, Latin digits (issue 48, point 2).
   */
  devanagariDigits: z.boolean(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

/** The organisation's money, number/date format and clock: the settings screen and registration. */
export const currencyField = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as INR')
  .pipe(
    z.string().refine(
      knownBy((c) => new Intl.NumberFormat('en', { style: 'currency', currency: c })),
      'Unknown currency',
    ),
  );
export const localeField = z
  .string()
  .trim()
  .min(2, 'Required')
  .max(35)
  .refine(
    knownBy((l) => new Intl.NumberFormat(l)),
    'Unknown locale',
  );
export const timezoneField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64)
  .refine(
    knownBy((tz) => new Intl.DateTimeFormat('en', { timeZone: tz })),
    'Unknown time zone',
  );

export const organisationSettingsInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(120),
  currency: currencyField,
  locale: localeField,
  timezone: timezoneField,
  fyStartMonth: z.number().int().min(1, 'Choose a month').max(12, 'Choose a month'),
  receiptPrefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,12}$/, 'Use 1 to 12 capital letters or digits'),
  paymentDisabled: z.boolean(),
  receiptAddress: z.string().trim().max(300).default(''),
  taxId: z.string().trim().max(40).default(''),
  wifiWithinWindow: z.boolean().default(false),
  /** Left out: kept as it is (a client that does not know the setting does not reset it). */
  memberPalette: z.enum(paletteKeys).optional(),
  /** Left out: kept as it is. */
  demoMenu: z.boolean().optional(),
  /** Left out: kept as it is. */
  seatHoldMinutes: z
    .number()
    .int()
    .min(5, 'From 5 to 1440 minutes')
    .max(1440, 'From 5 to 1440 minutes')
    .optional(),
  /** Left out: kept as it is. */
  devanagariDigits: z.boolean().optional(),
});
export type OrganisationSettingsInput = z.input<typeof organisationSettingsInputSchema>;

/**
 * What the signed-in staff member's menu shows beyond their permissions: the template's demo
 * screens, to the organisation's owners only and only while the organisation shows them (issue 41,
 * point 8: every role saw them).
 */
export const frameMenuSchema = z.object({ demoMenu: z.boolean() });
export type FrameMenu = z.infer<typeof frameMenuSchema>;
