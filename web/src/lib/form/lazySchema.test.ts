import { describe, expect, it, vi } from 'vitest';
import { lazySchema } from './lazySchema';

describe('lazySchema', () => {
  it('downloads once and gives the same promise to every call', async () => {
    const load = vi.fn(async () => 'schema');
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    const first = schema();
    expect(schema()).toBe(first);
    await expect(first).resolves.toBe('schema');
    expect(schema()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('schema');
    const schema = lazySchema(load);
    await expect(schema()).rejects.toThrow('offline');
    await expect(schema()).resolves.toBe('schema');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
