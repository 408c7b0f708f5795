import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryId, idSchema } from './list.ts';
import { minorAmountSchema, positiveMinorAmountSchema } from './moneySchemas.ts';
import { feeStructureSortFields } from './listNames.ts';
export { feeStructureSortFields };

export const timeOfDayPattern = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const timeOfDay = z.string().regex(timeOfDayPattern, 'Use HH:MM:SS');

export const feeLineSchema = z.object({
  feeTypeId: idSchema,
  /** Integer minor units of the organisation's currency. */
  amount: positiveMinorAmountSchema,
});

export type FeeLine = z.infer<typeof feeLineSchema>;

export const feeStructureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lines: z.array(feeLineSchema),
  /** Sum of the lines, computed by the server. */
  total: z.number().int(),
  durationDays: z.number().int(),
  packageId: z.number().int().nullable(),
  entryTime: z.string().nullable(),
  exitTime: z.string().nullable(),
  nextDayExit: z.boolean(),
  /** null: every branch of the organisation. */
  branchIds: z.array(z.number().int()).nullable(),
  /** Late fine: days after validTill without a fine, then finePerDay (minor units) up to fineCap (0 = no cap). */
  graceDays: z.number().int(),
  finePerDay: z.number().int(),
  fineCap: z.number().int(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type FeeStructure = z.infer<typeof feeStructureSchema>;

export const maxFeeLines = 50;

export const feeStructureInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    lines: z
      .array(feeLineSchema)
      .min(1, 'Add at least one fee')
      .max(maxFeeLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<number>();
        lines.forEach((line, i) => {
          if (seen.has(line.feeTypeId)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'feeTypeId'],
              message: 'This fee type is already in the structure',
            });
          }
          seen.add(line.feeTypeId);
        });
      }),
    durationDays: z.number().int().min(1).max(3660),
    packageId: idSchema.nullable().default(null),
    /** The default daily entry window given to members on this structure; both or neither. */
    entryTime: timeOfDay.nullable().default(null),
    exitTime: timeOfDay.nullable().default(null),
    /** The window ends the next day (a night shift, 20:00:00 to 06:00:00). */
    nextDayExit: z.boolean().default(false),
    branchIds: z
      .array(idSchema)
      .min(1, 'Choose at least one branch, or null for all')
      .max(1000)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'A branch is listed twice' })
      .nullable()
      .default(null),
    graceDays: z.number().int().min(0).max(365).default(0),
    finePerDay: minorAmountSchema.default(0),
    fineCap: minorAmountSchema.default(0),
    status: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if ((v.entryTime === null) !== (v.exitTime === null)) {
      const missing = v.entryTime === null ? 'entryTime' : 'exitTime';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both entry and exit time, or neither' });
    } else if (v.entryTime !== null && v.exitTime !== null) {
      if (!v.nextDayExit && v.exitTime <= v.entryTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['exitTime'],
          message: 'Exit must be after entry unless the exit is the next day',
        });
      }
    } else if (v.nextDayExit) {
      ctx.addIssue({ code: 'custom', path: ['nextDayExit'], message: 'Set entry and exit times first' });
    }
  });

export type FeeStructureInput = z.input<typeof feeStructureInputSchema>;

export const feeStructureListQuerySchema = listQuerySchema(feeStructureSortFields).extend({
  status: queryBoolean.optional(),
  packageId: queryId.optional(),
  /** Structures that apply to this branch: those for all branches plus those listing it. */
  branchId: queryId.optional(),
});
