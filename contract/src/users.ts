import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryId, idSchema } from './list.ts';
import { windowIsValid } from './seats.ts';
import { errorTemplates } from './errorCodes.ts';
import { gstinProblem } from './gst.ts';
import { userSortFields } from './listNames.ts';
import { languages } from './languages.ts';
export { userSortFields };

export const inactiveReasons = ['expired', 'deactivated'] as const;
export type InactiveReason = (typeof inactiveReasons)[number];

/**
 * What is said of the validity a member is added with, when they are added with a fee structure
 * (issue 41, point 2). 'pay': charged, and the clerk takes the payment next (the Record payment
 * dialog settles exactly that period); 'owing': charged and left owing (the member's dues, settled
 * first by their next payment); 'paidBefore': paid before this product (no charge; the create's audit
 * row says who said so and when). Omitted on create: nothing is charged, as before.
 */
export const firstPeriodChoices = ['pay', 'owing', 'paidBefore'] as const;
export type FirstPeriodChoice = (typeof firstPeriodChoices)[number];

/** A member ("user" in the specification) of one branch. */
export const userSchema = z.object({
  userId: z.number().int(),
  clientId: z.number().int(),
  branchId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string(),
  /** On while the member is active; see inactiveReason when off. */
  status: z.boolean(),
  inactiveReason: z.enum(inactiveReasons).nullable(),
  addedToBiometricMachine: z.boolean(),
  biometricMachineId: z.number().int().nullable(),
  nextDayExit: z.boolean(),
  entryTime: z.string(),
  exitTime: z.string(),
  validFrom: z.string(),
  validTill: z.string(),
  roomId: z.number().int().nullable(),
  seatNumber: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  feeStructureId: z.number().int().nullable(),
  address: z.string(),
  /** The member's GSTIN when they are a registered business: their tax invoices are B2B (issue 44). */
  gstin: z.string().nullable(),
  notes: z.string(),
  joinedOn: z.string(),
  /** The enquiry this member was converted from. */
  enquiryId: z.number().int().nullable(),
  /** What the member owes (minor units); kept by payments and voids. */
  dues: z.number().int(),
  /** The date of the oldest payment still owing; null without dues. */
  duesSince: z.string().nullable(),
  /** What was said of the first period when the member was added (firstPeriodChoices); null: nothing. */
  firstPeriod: z.enum(firstPeriodChoices).nullable(),
  /** The language of the member's page and messages (issue 48); a new member gets the organisation's. */
  language: z.enum(languages),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type User = z.infer<typeof userSchema>;

export const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export const isoDate = z.string().refine((v) => {
  // PostgreSQL has no year 0 (JavaScript's Date does): refuse it here, naming the field.
  if (!datePattern.test(v) || v < '0001-01-01') return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'Use a real date as YYYY-MM-DD');

/** HH:MM:SS (HH:MM is accepted and completed with :00). */
export const timeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/, 'Use HH:MM:SS')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

/** Digits with an optional leading +; spaces, dashes and brackets people type are dropped. */
export const mobileSchema = z
  .string()
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Required')
      .regex(/^\+?\d{7,15}$/, 'Enter a mobile number of 7 to 15 digits'),
  );

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.email('Enter a valid email address').nullable());

const optionalId = idSchema.nullable().default(null);

export const userInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    email: optionalEmail,
    mobile: mobileSchema,
    addedToBiometricMachine: z.boolean().default(false),
    biometricMachineId: z.number().int().min(0).nullable().default(null),
    nextDayExit: z.boolean().default(false),
    entryTime: timeOfDay.default('00:00:00'),
    exitTime: timeOfDay.default('00:00:00'),
    validFrom: isoDate,
    validTill: isoDate,
    roomId: optionalId,
    seatNumber: z.number().int().min(1).nullable().default(null),
    packageId: optionalId,
    feeStructureId: optionalId,
    address: z.string().trim().max(500).default(''),
    /** A registered business's GSTIN (checked with its check character); empty or null: none. */
    gstin: z
      .string()
      .trim()
      .transform((s) => (s === '' ? null : s.toUpperCase()))
      .nullable()
      .default(null),
    notes: z.string().trim().max(2000).default(''),
    /** Defaults to validFrom. */
    joinedOn: isoDate.nullable().default(null),
    /**
     * On create only (an edit keeps what was said): the first period of a member added with a fee
     * structure; 'pay' and 'owing' need one. Null or omitted: nothing is charged.
     */
    firstPeriod: z.enum(firstPeriodChoices).nullable().default(null),
    /**
     * The language of the member's page and messages (issue 48). Null or omitted: on create the
     * organisation's (languageOf its locale), on edit as it was (the profile's message card sets it).
     */
    language: z.enum(languages).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom > v.validTill) {
      ctx.addIssue({
        code: 'custom',
        path: ['validTill'],
        message: 'Valid till must not be before valid from',
      });
    }
    if (!windowIsValid(v)) {
      ctx.addIssue({
        code: 'custom',
        path: ['exitTime'],
        message: 'Exit must be after entry unless the exit is the next day',
      });
    }
    if ((v.firstPeriod === 'pay' || v.firstPeriod === 'owing') && v.feeStructureId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstPeriod'],
        message: 'Choose the fee structure the first period is charged by',
      });
    }
    const gstin = v.gstin === null ? null : gstinProblem(v.gstin);
    if (gstin) ctx.addIssue({ code: 'custom', path: ['gstin'], message: errorTemplates[gstin] });
    if ((v.roomId === null) !== (v.seatNumber === null)) {
      const missing = v.roomId === null ? 'roomId' : 'seatNumber';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both room and seat, or neither' });
    }
  });

export type UserInput = z.input<typeof userInputSchema>;
export type ParsedUserInput = z.output<typeof userInputSchema>;

export const userListQuerySchema = listQuerySchema(userSortFields).extend({
  status: z.enum(['active', 'inactive']).optional(),
  reason: z.enum(inactiveReasons).optional(),
  /** Active members whose validity ends between today and today + N days (branch time zone). */
  expiringWithinDays: z.coerce.number().int().min(0).max(366).optional(),
  roomId: queryId.optional(),
  packageId: queryId.optional(),
  feeStructureId: queryId.optional(),
  addedToBiometricMachine: queryBoolean.optional(),
  /** In an approved pause today (branch time zone), or not (issue 45, point 4). */
  paused: queryBoolean.optional(),
});

export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userIdQuerySchema = z.object({ userId: queryId });

/** One audit row of a member's history, newest first. */
export const userHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export const userHistoryQuerySchema = userIdQuerySchema.extend({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** 2 MB of CSV text. */
export const maxImportChars = 2 * 1024 * 1024;

export const importBodySchema = z.object({
  csv: z.string().min(1, 'Required').max(maxImportChars, 'The file is larger than 2 MB'),
});

/** `code` and `params` as in error answers (errorCodes.ts): the web translates them. */
export const importRowErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      /** Line of the file the row starts on (the header is line 1). */
      line: z.number().int(),
      values: z.record(z.string(), z.string()),
      errors: z.array(importRowErrorSchema),
    }),
  ),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  /** Headings of the file the system keeps (member number, active, dues), read past as they are. */
  ignoredColumns: z.array(z.string()),
});

export const importResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), errors: z.array(importRowErrorSchema) })),
});

/**
 * Columns of the import file, in template order; the file names them as the members export does
 * (in English or German) or by these names. room/package/feeStructure take a name or an id.
 */
export const importColumns = [
  'name',
  'mobile',
  'email',
  'validFrom',
  'validTill',
  'entryTime',
  'exitTime',
  'nextDayExit',
  'room',
  'seatNumber',
  'package',
  'feeStructure',
  'addedToBiometricMachine',
  'biometricMachineId',
  'address',
  'notes',
  'joinedOn',
  /** The member's language (issue 48): en, de, hi or the language's name; empty: the organisation's. */
  'language',
] as const;
