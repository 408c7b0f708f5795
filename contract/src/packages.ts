import { z } from 'zod';
import { listQuerySchema, queryBoolean } from './list.ts';
import { packageSortFields } from './listNames.ts';
export { packageSortFields };

/**
 * A WiFi package. Speeds are Mbit/s in the API with up to three decimals (the server keeps whole
 * kbit/s, so 2.5 Mbit/s is stored as 2500 exactly); totalData is GB (decimal, 1 GB = 1000 MB) with up
 * to three decimals, 0 = unlimited; sessionTime is minutes per session, 0 = unlimited.
 */
export const packageSchema = z.object({
  id: z.number().int(),
  packageName: z.string(),
  uniqueName: z.string(),
  /** The staff member who created the package. */
  adminId: z.number().int(),
  downloadSpeed: z.number(),
  uploadSpeed: z.number(),
  sessionTime: z.number().int(),
  totalData: z.number(),
  /** Devices one member may have online at once (RADIUS Simultaneous-Use). */
  devicesPerMember: z.number().int(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Package = z.infer<typeof packageSchema>;

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const maxSlugLength = 60;

/** 'Unlimited 50 Mbps!' -> 'unlimited-50-mbps'; accents dropped; '' when nothing usable is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxSlugLength)
    .replace(/-+$/, '');
}

const thousandths = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

const speedSchema = z
  .number()
  .positive('Must be more than 0')
  .max(100_000, 'At most 100000 Mbit/s')
  .refine(thousandths, { message: 'At most three decimals' });

export const packageInputSchema = z.object({
  packageName: z.string().trim().min(1, 'Required').max(120),
  /** Empty: the server makes one from packageName (and keeps the current one on update). */
  uniqueName: z
    .string()
    .trim()
    .toLowerCase()
    .max(maxSlugLength)
    .refine((v) => v === '' || slugPattern.test(v), {
      message: 'Use lower-case letters, digits and single hyphens',
    })
    .default(''),
  downloadSpeed: speedSchema,
  uploadSpeed: speedSchema,
  sessionTime: z.number().int().min(0).max(525_600).default(0),
  totalData: z
    .number()
    .min(0)
    .max(1_000_000)
    .refine(thousandths, { message: 'At most three decimals' })
    .default(0),
  devicesPerMember: z.number().int().min(1).max(20).default(1),
  status: z.boolean().default(true),
});

export type PackageInput = z.input<typeof packageInputSchema>;

export const packageListQuerySchema = listQuerySchema(packageSortFields).extend({
  status: queryBoolean.optional(),
});
