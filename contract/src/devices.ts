import { z } from 'zod';
import { listQuerySchema, queryId } from './list.ts';
import { deviceSortFields } from './listNames.ts';
export { deviceSortFields };

// Biometric door devices (issue 15): ZKTeco-style fingerprint readers speaking the push protocol.
// A device that calls in unknown waits as pending until staff claim it for a branch by its serial
// number (shown on the device's System Info screen); members are enrolled on it with PIN = userId.

export const deviceStatuses = ['pending', 'accepted', 'removed'] as const;

export const deviceSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int().nullable(),
  serialNumber: z.string(),
  name: z.string(),
  status: z.enum(deviceStatuses),
  firstContactAt: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
  firmware: z.string().nullable(),
  /** Commands the device has not confirmed yet. */
  queueLength: z.number().int(),
  /** Members of the branch enrolled on this device (addedToBiometricMachine with its id). */
  members: z.number().int(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const serialNumberSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

/** Claim a device for the active branch. */
export const acceptDeviceInputSchema = z.object({
  serialNumber: serialNumberSchema,
  name: z.string().trim().min(1, 'Required').max(80),
});
export type AcceptDeviceInput = z.input<typeof acceptDeviceInputSchema>;

export const deviceRenameInputSchema = z.object({ name: z.string().trim().min(1, 'Required').max(80) });

export const deviceListQuerySchema = listQuerySchema(deviceSortFields);
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;

export const deviceIdQuerySchema = z.object({ deviceId: queryId });

export const resyncResultSchema = z.object({ queued: z.number().int() });
