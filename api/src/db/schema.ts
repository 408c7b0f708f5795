// Every organisation-owned table carries client_id, and its unique constraints and list indexes
// start with client_id (then branch_id), so one tenant's queries are index-prefix lookups and the
// tables can later be partitioned or distributed by organisation (ARCHITECTURE.md, The API).
//
// This file is the one index of the schema (issue 35): each module's tables live in
// ./schema/<module>.ts, which import one another in one direction only (columns, organisation,
// catalogue, members, money, ...). Importers and drizzle-kit read the whole schema from here.
export * from './schema/organisation.ts';
export * from './schema/catalogue.ts';
export * from './schema/members.ts';
export * from './schema/money.ts';
export * from './schema/books.ts';
export * from './schema/summaries.ts';
export * from './schema/messages.ts';
export * from './schema/wifi.ts';
export * from './schema/doors.ts';
export * from './schema/portal.ts';
export * from './schema/backups.ts';
export * from './schema/gst.ts';
export * from './schema/pauses.ts';
export * from './schema/shared.ts';
export * from './schema/statements.ts';
