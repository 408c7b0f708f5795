import { describe, expect, it } from 'vitest';
import {
  firstVisibleLink,
  menu,
  menuIconNames,
  menuLeaves,
  menuTrail,
  moduleForPath,
  searchMenu,
  visibleMenu,
} from './menu.ts';
import type { MenuEntry } from './menu.ts';
import { fullPermissions, moduleNames } from './modules.ts';
import type { ModuleName, PermissionRecord } from './modules.ts';

function grant(module: ModuleName, action: 'view' | 'add' | 'edit' | 'delete' = 'view'): PermissionRecord {
  return { moduleUniqueName: module, view: false, add: false, edit: false, delete: false, [action]: true };
}

function none(module: ModuleName): PermissionRecord {
  return { moduleUniqueName: module, view: false, add: false, edit: false, delete: false };
}

function outline(entries: readonly MenuEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.child === undefined ? entry.name : { [entry.name]: entry.child.map((child) => child.name) },
  );
}

const demoLeafNames = [
  'Sales & Marketing',
  'Cryptocurrency',
  'Shop',
  'Pages',
  'Widgets',
  'Layouts',
  'Tables',
  'Forms',
  'UI Elements',
  'Charts',
  'Maps',
  'Blog Article',
];
const demoLinks = [
  '/app/dashboard/sales-marketing',
  '/app/dashboard/cryptocurrency',
  '/app/pages/ecommerce',
  '/app/pages/contact',
  '/app/widgets/infographics',
  '/app/layouts/grid',
  '/app/tables/sortable-table',
  '/app/forms/input-masks',
  '/app/ui/pagination',
  '/app/charts/line-charts',
  '/app/maps/map-marker',
  '/blog/article',
];

/** The product's part of a menu: everything but the demo group. */
function product(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => entry.everyone !== true);
}

describe('menu table', () => {
  it('holds the groups and items of the specification, in order', () => {
    expect(outline(menu)).toEqual([
      { Dashboard: ['Dashboard', 'Analytics'] },
      { Users: ['Active Users', 'Inactive Users', 'Enquiries'] },
      { 'Fee Settings': ['Fee Structure', 'Fee Types', 'Packages'] },
      { Accounting: ['Payments', 'Expenses', 'Refunds', 'Categories', 'Bank Accounts'] },
      { 'Staff Management': ['Staff Roles', 'Staff'] },
      { Doors: ['Attendance', 'Devices'] },
      'Branches',
      'Rooms',
      // WiFi through FreeRADIUS (issue 16): the branch's routers and who is online.
      { WiFi: ['Routers', 'Live Sessions'] },
      // The organisation's settings (issue 11): a direct link after the specification's entries.
      'Settings',
      // Reminders and their outbox (issue 17).
      'Messages',
      // The template's demo screens (issue 18).
      { Demo: demoLeafNames },
    ]);
  });

  it('gives every leaf a link, a module that exists and an icon; keys are unique', () => {
    const leaves = menuLeaves();
    expect(leaves.map((leaf) => [leaf.link, leaf.module])).toEqual([
      ['/app/dashboard', 'dashboard'],
      ['/app/analytics', 'analytics'],
      ['/app/usersV2', 'users'],
      ['/app/inactive_users', 'inactiveUsers'],
      ['/app/enquiries', 'enquiries'],
      ['/app/feeStructures', 'feeStructures'],
      ['/app/feeTypes', 'feeTypes'],
      ['/app/packages', 'packages'],
      ['/app/payments', 'payments'],
      ['/app/expenses', 'expenses'],
      ['/app/refunds', 'refunds'],
      ['/app/categories', 'categories'],
      ['/app/bankAccounts', 'bankAccounts'],
      ['/app/staffRoles', 'staffRoles'],
      ['/app/staff', 'staff'],
      ['/app/attendance', 'attendance'],
      ['/app/devices', 'devices'],
      ['/app/branches', 'branches'],
      ['/app/rooms', 'rooms'],
      ['/app/wifiRouters', 'wifiRouters'],
      ['/app/wifiSessions', 'wifiSessions'],
      ['/app/settings', 'settings'],
      ['/app/messages', 'messages'],
      ...demoLinks.map((link) => [link, undefined]),
    ]);
    const all = [...menu, ...menu.flatMap((entry) => entry.child ?? [])];
    expect(new Set(all.map((entry) => entry.key)).size).toBe(all.length);
    for (const entry of all) {
      // Demo leaves go without icons; their group has one.
      if (entry.everyone !== true || entry.child !== undefined)
        expect(menuIconNames, entry.key).toContain(entry.icon);
      if (entry.module !== undefined) expect(moduleNames).toContain(entry.module);
    }
    for (const group of menu.filter((entry) => entry.child !== undefined)) {
      for (const child of group.child!) expect(child.keyParent).toBe(group.key);
    }
  });
});

describe('visibleMenu', () => {
  it('shows everything to someone with every permission', () => {
    expect(visibleMenu(fullPermissions())).toEqual(menu);
  });

  it('shows only the demo group without permission records, or with records that grant nothing', () => {
    expect(outline(visibleMenu([]))).toEqual([{ Demo: demoLeafNames }]);
    expect(outline(visibleMenu(moduleNames.map(none)))).toEqual([{ Demo: demoLeafNames }]);
  });

  it('shows the demo group to everyone and never asks the permissions for it', () => {
    const demo = menu.find((entry) => entry.key === 'demoGroup')!;
    expect(demo.child!.every((leaf) => leaf.module === undefined && leaf.everyone === true)).toBe(true);
    expect(visibleMenu([grant('rooms')]).at(-1)).toEqual(demo);
    for (const link of demoLinks) expect(moduleForPath(link), link).toBeNull();
  });

  it('leaves the demo group out when it is not to be shown (issue 41, point 8), in the search too', () => {
    expect(visibleMenu(fullPermissions(), menu, { demo: false })).toEqual(
      menu.filter((entry) => entry.key !== 'demoGroup'),
    );
    expect(visibleMenu([], menu, { demo: false })).toEqual([]);
    expect(searchMenu('Charts', fullPermissions())).toHaveLength(1);
    expect(searchMenu('Charts', fullPermissions(), undefined, { demo: false })).toEqual([]);
  });

  it.each(['view', 'add', 'edit', 'delete'] as const)('%s alone grants the leaf and its group', (action) => {
    expect(outline(product(visibleMenu([grant('refunds', action)])))).toEqual([{ Accounting: ['Refunds'] }]);
  });

  it('shows a group only with the children that are allowed', () => {
    const shown = product(
      visibleMenu([grant('payments'), grant('bankAccounts'), grant('rooms'), none('staff')]),
    );
    expect(outline(shown)).toEqual([{ Accounting: ['Payments', 'Bank Accounts'] }, 'Rooms']);
  });

  it('ignores records of modules it does not know', () => {
    const stray = { moduleUniqueName: 'somethingElse', view: true, add: true, edit: true, delete: true };
    expect(product(visibleMenu([stray]))).toEqual([]);
  });

  it('keeps subheaders only in groups that still hold a leaf', () => {
    const entries: MenuEntry[] = [
      {
        key: 'g',
        name: 'G',
        child: [
          { key: 't', name: 'Section', title: true, keyParent: 'g' },
          { key: 'l', name: 'Leaf', link: '/app/rooms', module: 'rooms', keyParent: 'g' },
        ],
      },
    ];
    expect(visibleMenu([grant('rooms')], entries)).toEqual(entries);
    expect(visibleMenu([grant('staff')], entries)).toEqual([]);
  });
});

describe('searchMenu', () => {
  it('matches names case-insensitively and returns leaves with links', () => {
    const found = searchMenu('USERS', fullPermissions());
    expect(found.map((entry) => entry.name)).toEqual(['Active Users', 'Inactive Users']);
    expect(found.map((entry) => entry.link)).toEqual(['/app/usersV2', '/app/inactive_users']);
  });

  it('offers at most 5 suggestions', () => {
    const found = searchMenu('e', fullPermissions());
    expect(found).toHaveLength(5);
    expect(found.map((entry) => entry.name)).toEqual([
      'Active Users',
      'Inactive Users',
      'Enquiries',
      'Fee Structure',
      'Fee Types',
    ]);
  });

  it('never offers what the person may not see, nor groups', () => {
    expect(searchMenu('staff', [grant('staff')]).map((entry) => entry.name)).toEqual(['Staff']);
    expect(searchMenu('accounting', fullPermissions())).toEqual([]);
    expect(searchMenu('payments', [])).toEqual([]);
  });

  it('offers nothing for an empty query and trims spaces', () => {
    expect(searchMenu('   ', fullPermissions())).toEqual([]);
    expect(searchMenu(' rooms ', fullPermissions()).map((entry) => entry.link)).toEqual(['/app/rooms']);
  });

  it('searches the names it is given, e.g. translated ones', () => {
    const german: Record<string, string> = { refunds: 'Erstattungen', rooms: 'Räume' };
    const found = searchMenu('RÄU', fullPermissions(), (entry) => german[entry.key] ?? entry.name);
    expect(found.map((entry) => entry.key)).toEqual(['rooms']);
  });
});

describe('moduleForPath', () => {
  it.each([
    ['/app', 'dashboard'],
    ['/app/dashboard', 'dashboard'],
    ['/app/analytics', 'analytics'],
    ['/app/users', 'users'],
    ['/app/usersV2', 'users'],
    ['/app/UserProfile/42', 'users'],
    ['/app/inactive_users', 'inactiveUsers'],
    ['/app/enquiries', 'enquiries'],
    ['/app/feeStructures', 'feeStructures'],
    ['/app/feeTypes', 'feeTypes'],
    ['/app/packages', 'packages'],
    ['/app/payments', 'payments'],
    ['/app/expenses', 'expenses'],
    ['/app/refunds', 'refunds'],
    ['/app/categories', 'categories'],
    ['/app/bankAccounts', 'bankAccounts'],
    ['/app/staffRoles', 'staffRoles'],
    ['/app/staff', 'staff'],
    ['/app/branches', 'branches'],
    ['/app/branche-payments', 'branchPayments'],
    ['/app/rooms', 'rooms'],
    ['/app/attendance', 'attendance'],
    ['/app/devices', 'devices'],
  ])('%s needs %s', (path, module) => {
    expect(moduleForPath(path)).toBe(module);
  });

  it('tolerates a trailing slash, a query and other letter case, as the router does', () => {
    expect(moduleForPath('/app/payments/')).toBe('payments');
    expect(moduleForPath('/app/payments?page=2#top')).toBe('payments');
    expect(moduleForPath('/app/userprofile/7')).toBe('users');
    expect(moduleForPath('/APP/BankAccounts')).toBe('bankAccounts');
  });

  it.each([
    '/',
    '/landing',
    '/app/UserProfile',
    '/app/UserProfile/1/extra',
    '/app/dashboard/cryptocurrency',
    '/app/pages/permissionDenied',
    '/app/staffs',
    '/app/no-such-page',
  ])('%s needs no module', (path) => {
    expect(moduleForPath(path)).toBeNull();
  });
});

describe('menuTrail', () => {
  const names = (path: string) => menuTrail(path).map((entry) => entry.name);

  it('gives the group and the leaf of a menu route', () => {
    expect(names('/app/feeStructures')).toEqual(['Fee Settings', 'Fee Structure']);
    expect(names('/app/bankAccounts/')).toEqual(['Accounting', 'Bank Accounts']);
    expect(menuTrail('/app/staff').map((entry) => entry.key)).toEqual(['staffGroup', 'staff']);
  });

  it('gives the direct link alone', () => {
    expect(names('/app/rooms')).toEqual(['Rooms']);
  });

  it('puts the users screens and the home under their menu entries', () => {
    expect(names('/app/users')).toEqual(['Users', 'Active Users']);
    expect(names('/app/UserProfile/9')).toEqual(['Users', 'Active Users']);
    expect(names('/app')).toEqual(['Dashboard', 'Dashboard']);
  });

  it('is empty outside the menu', () => {
    expect(menuTrail('/app/branche-payments')).toEqual([]);
    expect(menuTrail('/app/pages/ecommerce')).toEqual([]);
    expect(menuTrail('/landing')).toEqual([]);
  });
});

describe('firstVisibleLink', () => {
  it('is the first allowed leaf in menu order', () => {
    expect(firstVisibleLink(fullPermissions())).toBe('/app/dashboard');
    expect(firstVisibleLink([grant('rooms'), grant('expenses', 'add')])).toBe('/app/expenses');
    expect(firstVisibleLink([])).toBeNull();
  });
});
