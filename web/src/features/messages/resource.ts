import { messageSortFields } from '@app/contract/listNames';
import type { Message } from '@app/contract/messages';
import { defineResource } from '../../lib/table/resource';

/** The outbox of the active branch (GET /message/getMessages); no export. */
export const messageResource = defineResource<Message>({
  name: 'message',
  label: 'Message',
  plural: 'Messages',
  module: 'messages',
  sortFields: messageSortFields,
  filterNames: ['status', 'channel', 'event', 'from', 'to'],
  routes: { export: null },
});
