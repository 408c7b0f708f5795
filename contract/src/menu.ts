import type { ModuleName, PermissionRecord } from './modules.ts';

/**
 * The names of the icons menu entries use. The web app maps each to a component of
 * @mui/icons-material; listing them here lets its type check prove none is missing.
 */
export const menuIconNames = [
  'DashboardOutlined',
  'SpaceDashboardOutlined',
  'InsightsOutlined',
  'PeopleAltOutlined',
  'HowToRegOutlined',
  'PersonOffOutlined',
  'ContactPhoneOutlined',
  'RequestQuoteOutlined',
  'AccountTreeOutlined',
  'SellOutlined',
  'WifiOutlined',
  'AccountBalanceWalletOutlined',
  'PaymentsOutlined',
  'ReceiptLongOutlined',
  'CurrencyExchangeOutlined',
  'CategoryOutlined',
  'AccountBalanceOutlined',
  'BadgeOutlined',
  'AdminPanelSettingsOutlined',
  'GroupsOutlined',
  'StoreOutlined',
  'MeetingRoomOutlined',
  'TuneOutlined',
  'ForumOutlined',
  'RouterOutlined',
  'SensorsOutlined',
  'SensorDoorOutlined',
  'FactCheckOutlined',
  'FingerprintOutlined',
  'AutoAwesomeOutlined',
] as const;

export type MenuIconName = (typeof menuIconNames)[number];

/**
 * One row of the navigation menu (spec section 3, "Menu entry"). `name` is the English name; the
 * web app shows the translation under `menu.<key>` and falls back to `name`.
 */
export interface MenuEntry {
  /** Unique over the whole menu. */
  key: string;
  name: string;
  /** The key of the group this entry sits in; absent on top-level entries. */
  keyParent?: string;
  /** Where a leaf leads. */
  link?: string;
  /** Makes a group header itself a link (UI.md, Side menu). */
  linkParent?: string;
  icon?: MenuIconName;
  /** A small chip after the name. */
  badge?: string;
  child?: MenuEntry[];
  /** A subheader, neither link nor group. */
  title?: boolean;
  /** The module whose permission record decides whether a leaf shows (spec section 6). */
  module?: ModuleName;
  /**
   * Shown to everyone and guarded by no permission: the template's demo screens (issue 18), which
   * are sample data, never enter the permission records.
   */
  everyone?: true;
}

type LeafRow = readonly [key: string, name: string, link: string, icon: MenuIconName, module: ModuleName];

function group(key: string, name: string, icon: MenuIconName, leaves: readonly LeafRow[]): MenuEntry {
  return {
    key,
    name,
    icon,
    child: leaves.map(([leafKey, leafName, link, leafIcon, module]) => ({
      key: leafKey,
      name: leafName,
      keyParent: key,
      link,
      icon: leafIcon,
      module,
    })),
  };
}

/** The navigation menu: groups and direct links, in the order the side menu shows them. */
export const menu: readonly MenuEntry[] = [
  group('dashboardGroup', 'Dashboard', 'DashboardOutlined', [
    ['dashboard', 'Dashboard', '/app/dashboard', 'SpaceDashboardOutlined', 'dashboard'],
    ['analytics', 'Analytics', '/app/analytics', 'InsightsOutlined', 'analytics'],
  ]),
  group('usersGroup', 'Users', 'PeopleAltOutlined', [
    ['activeUsers', 'Active Users', '/app/usersV2', 'HowToRegOutlined', 'users'],
    ['inactiveUsers', 'Inactive Users', '/app/inactive_users', 'PersonOffOutlined', 'inactiveUsers'],
    ['enquiries', 'Enquiries', '/app/enquiries', 'ContactPhoneOutlined', 'enquiries'],
  ]),
  group('feeSettingsGroup', 'Fee Settings', 'RequestQuoteOutlined', [
    ['feeStructures', 'Fee Structure', '/app/feeStructures', 'AccountTreeOutlined', 'feeStructures'],
    ['feeTypes', 'Fee Types', '/app/feeTypes', 'SellOutlined', 'feeTypes'],
    ['packages', 'Packages', '/app/packages', 'WifiOutlined', 'packages'],
  ]),
  group('accountingGroup', 'Accounting', 'AccountBalanceWalletOutlined', [
    ['payments', 'Payments', '/app/payments', 'PaymentsOutlined', 'payments'],
    ['expenses', 'Expenses', '/app/expenses', 'ReceiptLongOutlined', 'expenses'],
    ['refunds', 'Refunds', '/app/refunds', 'CurrencyExchangeOutlined', 'refunds'],
    ['categories', 'Categories', '/app/categories', 'CategoryOutlined', 'categories'],
    ['bankAccounts', 'Bank Accounts', '/app/bankAccounts', 'AccountBalanceOutlined', 'bankAccounts'],
  ]),
  group('staffGroup', 'Staff Management', 'BadgeOutlined', [
    ['staffRoles', 'Staff Roles', '/app/staffRoles', 'AdminPanelSettingsOutlined', 'staffRoles'],
    ['staff', 'Staff', '/app/staff', 'GroupsOutlined', 'staff'],
  ]),
  // Door access (issue 15): who came and went, and the devices at the door.
  group('doorsGroup', 'Doors', 'SensorDoorOutlined', [
    ['attendance', 'Attendance', '/app/attendance', 'FactCheckOutlined', 'attendance'],
    ['devices', 'Devices', '/app/devices', 'FingerprintOutlined', 'devices'],
  ]),
  { key: 'branches', name: 'Branches', link: '/app/branches', icon: 'StoreOutlined', module: 'branches' },
  { key: 'rooms', name: 'Rooms', link: '/app/rooms', icon: 'MeetingRoomOutlined', module: 'rooms' },
  group('wifiGroup', 'WiFi', 'WifiOutlined', [
    ['wifiRouters', 'Routers', '/app/wifiRouters', 'RouterOutlined', 'wifiRouters'],
    ['wifiSessions', 'Live Sessions', '/app/wifiSessions', 'SensorsOutlined', 'wifiSessions'],
  ]),
  { key: 'settings', name: 'Settings', link: '/app/settings', icon: 'TuneOutlined', module: 'settings' },
  // Reminders and their outbox (issue 17); reminder settings are a tab of this screen.
  { key: 'messages', name: 'Messages', link: '/app/messages', icon: 'ForumOutlined', module: 'messages' },
  // The template's demo screens (issue 18): for everyone, outside the permissions. Each leaf opens the
  // first page of its demo group; the page links to the rest of the group.
  {
    key: 'demoGroup',
    name: 'Demo',
    icon: 'AutoAwesomeOutlined',
    everyone: true,
    child: (
      [
        ['demoSalesMarketing', 'Sales & Marketing', '/app/dashboard/sales-marketing'],
        ['demoCryptocurrency', 'Cryptocurrency', '/app/dashboard/cryptocurrency'],
        ['demoShop', 'Shop', '/app/pages/ecommerce'],
        ['demoPages', 'Pages', '/app/pages/contact'],
        ['demoWidgets', 'Widgets', '/app/widgets/infographics'],
        ['demoLayouts', 'Layouts', '/app/layouts/grid'],
        ['demoTables', 'Tables', '/app/tables/sortable-table'],
        ['demoForms', 'Forms', '/app/forms/input-masks'],
        ['demoUi', 'UI Elements', '/app/ui/pagination'],
        ['demoCharts', 'Charts', '/app/charts/line-charts'],
        ['demoMaps', 'Maps', '/app/maps/map-marker'],
        ['demoBlog', 'Blog Article', '/blog/article'],
      ] as const
    ).map(([key, name, link]) => ({ key, name, link, keyParent: 'demoGroup', everyone: true as const })),
  },
];

/**
 * Product routes that are not menu leaves. `menuKey` names the leaf they belong to in breadcrumbs
 * and in the side menu's open group.
 */
export const extraProductRoutes: readonly { path: string; module: ModuleName; menuKey?: string }[] = [
  // The dashboard home (spec section 2).
  { path: '/app', module: 'dashboard', menuKey: 'dashboard' },
  // The same screen as Active Users (spec section 2).
  { path: '/app/users', module: 'users', menuKey: 'activeUsers' },
  { path: '/app/UserProfile/:userId', module: 'users', menuKey: 'activeUsers' },
  { path: '/app/branche-payments', module: 'branchPayments' },
  { path: '/app/payments/:paymentId/receipt', module: 'payments', menuKey: 'payments' },
  { path: '/app/refunds/:refundId/receipt', module: 'refunds', menuKey: 'refunds' },
  { path: '/app/bankAccounts/:accountId/statement', module: 'bankAccounts', menuKey: 'bankAccounts' },
];

type PermissionLike = Pick<PermissionRecord, 'view' | 'add' | 'edit' | 'delete'> & {
  moduleUniqueName: string;
};

/** Any one of view, add, edit and delete grants a module its menu entry (spec section 6). */
export function allowedModules(permissions: readonly PermissionLike[]): Set<string> {
  const allowed = new Set<string>();
  for (const record of permissions) {
    if (record.view || record.add || record.edit || record.delete) allowed.add(record.moduleUniqueName);
  }
  return allowed;
}

/** What a menu shows beyond the permission records. */
export interface MenuOptions {
  /**
   * The template's demo screens (entries for `everyone`): the web app shows them to owners only,
   * while their organisation does (issue 41, point 8). Shown when not said.
   */
  demo?: boolean;
}

function filterEntries(entries: readonly MenuEntry[], allowed: Set<string>, demo: boolean): MenuEntry[] {
  const shown: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.everyone === true && !demo) continue;
    if (entry.child !== undefined) {
      const children = filterEntries(entry.child, allowed, demo);
      // A group of nothing but subheaders has nothing to open.
      if (children.some((child) => child.title !== true)) shown.push({ ...entry, child: children });
    } else if (entry.title === true) {
      shown.push(entry);
    } else if (entry.everyone === true || (entry.module !== undefined && allowed.has(entry.module))) {
      shown.push(entry);
    }
  }
  return shown;
}

/** The menu a person with these permission records sees: allowed leaves, and groups holding one. */
export function visibleMenu(
  permissions: readonly PermissionLike[],
  entries: readonly MenuEntry[] = menu,
  options: MenuOptions = {},
): MenuEntry[] {
  return filterEntries(entries, allowedModules(permissions), options.demo ?? true);
}

/** Every leaf with a link, depth first, in menu order. */
export function menuLeaves(entries: readonly MenuEntry[] = menu): MenuEntry[] {
  const leaves: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.child !== undefined) leaves.push(...menuLeaves(entry.child));
    else if (entry.link !== undefined && entry.title !== true) leaves.push(entry);
  }
  return leaves;
}

export const searchResultLimit = 5;

/**
 * The 'Search UI' suggestions: at most 5 visible leaves whose name contains the query, ignoring
 * case. `nameOf` lets the web app search the names in the language on screen.
 */
export function searchMenu(
  query: string,
  permissions: readonly PermissionLike[],
  nameOf: (entry: MenuEntry) => string = (entry) => entry.name,
  options: MenuOptions = {},
): MenuEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return menuLeaves(visibleMenu(permissions, menu, options))
    .filter((leaf) => nameOf(leaf).toLocaleLowerCase().includes(needle))
    .slice(0, searchResultLimit);
}

function segments(path: string): string[] {
  return path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((segment) => segment !== '');
}

/** Whether the path is the route pattern (':name' matches any one segment). Case is ignored, as React Router does. */
function routeMatches(pattern: string, pathname: string): boolean {
  const wanted = segments(pattern);
  const actual = segments(pathname);
  return (
    wanted.length === actual.length &&
    wanted.every(
      (segment, index) => segment.startsWith(':') || segment.toLowerCase() === actual[index]!.toLowerCase(),
    )
  );
}

interface RouteRow {
  path: string;
  module: ModuleName;
  leaf?: MenuEntry;
}

function buildRouteTable(): RouteRow[] {
  const leaves = menuLeaves();
  const rows: RouteRow[] = leaves.flatMap((leaf) =>
    leaf.module === undefined ? [] : [{ path: leaf.link!, module: leaf.module, leaf }],
  );
  for (const route of extraProductRoutes) {
    const leaf = leaves.find((candidate) => candidate.key === route.menuKey);
    rows.push({ path: route.path, module: route.module, ...(leaf === undefined ? {} : { leaf }) });
  }
  return rows;
}

const routeTable = buildRouteTable();

// Matching is exact: paths below a product route (e.g. the demo dashboards under /app/dashboard/)
// are not product screens and need no permission.
function findRoute(pathname: string): RouteRow | undefined {
  return routeTable.find((row) => routeMatches(row.path, pathname));
}

/** The module a product route needs, or null for routes no permission guards (demo pages, unknown). */
export function moduleForPath(pathname: string): ModuleName | null {
  return findRoute(pathname)?.module ?? null;
}

function findTrail(entries: readonly MenuEntry[], key: string): MenuEntry[] {
  for (const entry of entries) {
    if (entry.key === key) return [entry];
    if (entry.child !== undefined) {
      const below = findTrail(entry.child, key);
      if (below.length > 0) return [entry, ...below];
    }
  }
  return [];
}

/**
 * The menu entries from the top group down to the leaf a path belongs to (for breadcrumbs, the
 * page title and opening the right group); empty for paths outside the menu.
 */
export function menuTrail(pathname: string): MenuEntry[] {
  const leaf = findRoute(pathname)?.leaf;
  return leaf === undefined ? [] : findTrail(menu, leaf.key);
}

/** The first link a person may open: where to send someone who may not see the dashboard. */
export function firstVisibleLink(permissions: readonly PermissionLike[]): string | null {
  // A demo screen is no way into the product.
  return menuLeaves(visibleMenu(permissions)).find((leaf) => leaf.everyone !== true)?.link ?? null;
}
