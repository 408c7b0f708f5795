import { z } from 'zod';
import { errorReasons } from './errorReasons.ts';

// The reasons live apart from the schemas, so the browser can read them without loading zod.
export { errorReasons, type ErrorReason } from './errorReasons.ts';

/** One field problem: `path` is the dotted location in the request (`body.name`, `query.page`). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  reason: z.enum(errorReasons),
  message: z.string(),
  details: z.array(fieldErrorSchema).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
