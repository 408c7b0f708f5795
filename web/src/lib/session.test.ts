import { afterEach, describe, expect, it } from 'vitest';
import { cookieKeys } from '@app/contract/sessionKeys';
import { deleteCookie, hasPermission, readPermissions, writeCookie } from './session';

const grant = (moduleUniqueName: string, view: boolean) => ({
  moduleUniqueName,
  view,
  add: false,
  edit: false,
  delete: false,
});

afterEach(() => deleteCookie(cookieKeys.permissions));

describe('the permissions cookie', () => {
  it('is read once while it is unchanged, and again once it changes', () => {
    writeCookie(cookieKeys.permissions, JSON.stringify([grant('rooms', true)]));
    const first = readPermissions();
    expect(first).toEqual([grant('rooms', true)]);
    expect(readPermissions()).toBe(first); // the same array: not parsed again
    expect(hasPermission('rooms', 'view')).toBe(true);

    writeCookie(cookieKeys.permissions, JSON.stringify([grant('rooms', false), grant('users', true)]));
    expect(readPermissions()).not.toBe(first);
    expect(hasPermission('rooms', 'view')).toBe(false);
    expect(hasPermission('users', 'view')).toBe(true);
  });

  it('grants nothing when unreadable, and skips records of the wrong shape', () => {
    writeCookie(cookieKeys.permissions, 'not json');
    expect(readPermissions()).toEqual([]);
    writeCookie(
      cookieKeys.permissions,
      JSON.stringify([{ moduleUniqueName: 'rooms', view: 'yes' }, grant('users', true)]),
    );
    expect(readPermissions()).toEqual([grant('users', true)]);
  });
});
