import { z } from 'zod';
import { errorReasons } from './errorReasons.ts';

// The reasons live apart from the schemas, so the browser can read them without loading zod.
export { errorReasons, type ErrorReason } from './errorReasons.ts';

/**
 * A sentence's stable code (`errorCodes.ts`) and its parameters, for the web to show in the user's
 * language. A string here, not the enum: a client must still read an answer naming a code it does
 * not know yet (it shows the English `message` then).
 */
const messageCode = {
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/** One field problem: `path` is the dotted location in the request (`body.name`, `query.page`). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  ...messageCode,
});

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  reason: z.enum(errorReasons),
  message: z.string(),
  ...messageCode,
  details: z.array(fieldErrorSchema).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A sentence of the catalogue as data: the English, its code and parameters. */
export const saidSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * What the server would refuse the caller on one row, decided by the same rules the write routes
 * apply (issue 14): the web disables that row's action and says why instead of offering it.
 */
export const rowRefusalsSchema = z.object({
  edit: saidSchema.optional(),
  delete: saidSchema.optional(),
});
export type RowRefusals = z.infer<typeof rowRefusalsSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
