import { userSortFields } from '@app/contract/listNames';
import type { User } from '@app/contract/users';
import { defineResource } from '../../lib/table/resource';

const userRoutes = { idParam: 'userId' } as const;

/** Active members of the active branch: the list always asks for status=active. */
export const activeUserResource = defineResource<User>({
  name: 'user',
  label: 'User',
  plural: 'Users',
  module: 'users',
  sortFields: userSortFields,
  filterNames: [
    'expiringWithinDays',
    'roomId',
    'packageId',
    'feeStructureId',
    'addedToBiometricMachine',
    'paused',
  ],
  rowId: (row) => row.userId,
  routes: userRoutes,
  fixedQuery: { status: 'active' },
});

/**
 * Inactive members (expired or deactivated), listed by their own route under the inactiveUsers
 * module. Same cache name as the active list, so a deactivation or reactivation refreshes both.
 */
export const inactiveUserResource = defineResource<User>({
  name: 'user',
  label: 'User',
  plural: 'Users',
  module: 'inactiveUsers',
  sortFields: userSortFields,
  filterNames: ['reason'],
  rowId: (row) => row.userId,
  routes: { ...userRoutes, list: '/user/getInactiveUsers' },
  fixedQuery: { status: 'inactive' },
});
