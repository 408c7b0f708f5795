import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import i18n from '../i18n';
import { applyServerErrors } from './serverErrors';

/** The two calls applyServerErrors makes on a form, recording what each field is told. */
function fakeForm(values: Record<string, unknown>) {
  const told: Record<string, string | undefined> = {};
  return {
    told,
    form: {
      getValues: (field: string) => values[field],
      setError: (field: string, error: { message?: string }) => {
        told[field] = error.message;
      },
    },
  };
}

describe('server field problems on the form, in the reader’s language (issue 14)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('puts a zod-worded field problem and a coded one on their fields in German', async () => {
    await i18n.changeLanguage('de');
    const refused = new ApiError({
      status: 400,
      reason: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      code: 'FIELDS_INVALID',
      details: [
        {
          path: 'body.name',
          message: 'Too small: expected string to have >=3 characters',
          code: 'zod.too_small',
          params: { origin: 'string', minimum: 3, inclusive: 'true' },
        },
        { path: 'body.timezone', message: 'Unknown time zone', code: 'UNKNOWN_TIME_ZONE' },
      ],
    });
    const { form, told } = fakeForm({ name: 'ab', timezone: 'Mars/Base' });
    expect(applyServerErrors(refused, form as never)).toBeNull();
    expect(told).toEqual({ name: 'Mindestens 3 Zeichen', timezone: 'Unbekannte Zeitzone' });
  });

  it('says a problem without a field of this form in German as the general message', async () => {
    await i18n.changeLanguage('de');
    const refused = new ApiError({
      status: 400,
      reason: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      code: 'FIELDS_INVALID',
      details: [
        {
          path: 'body.name',
          message: 'Required',
          code: 'zod.invalid_type',
          params: { received: 'undefined' },
        },
        { path: 'query.after', message: 'This paging cursor …', code: 'CURSOR_FOREIGN' },
      ],
    });
    const { form, told } = fakeForm({ name: '' });
    expect(applyServerErrors(refused, form as never)).toBe(
      'Diese Seitenmarke gehört nicht zu dieser Liste; beginnen Sie auf der ersten Seite.',
    );
    expect(told).toEqual({ name: 'Pflichtfeld' });
  });
});
