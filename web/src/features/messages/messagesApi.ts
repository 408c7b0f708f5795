import {
  memberMessagePrefsSchema,
  messageSchema,
  messageSettingsSchema,
  messageTemplatesSchema,
  testMessageResultSchema,
  type MemberMessagePrefs,
  type MessageChannel,
  type MessageLanguage,
  type MessageSettings,
  type TemplateEvent,
} from '@app/contract/messages';
import { get, post, put } from '../../lib/api';

export const retryMessage = (messageId: number) =>
  post('/message/retryMessage', undefined, { query: { messageId }, schema: messageSchema });

export const getMessageSettings = (signal?: AbortSignal) =>
  get('/message/getMessageSettings', { schema: messageSettingsSchema, signal });

export const saveMessageSettings = (input: MessageSettings) =>
  put('/message/updateMessageSettings', input, { schema: messageSettingsSchema });

export const getMessageTemplates = (signal?: AbortSignal) =>
  get('/message/getMessageTemplates', { schema: messageTemplatesSchema, signal });

export const saveMessageTemplate = (input: {
  event: TemplateEvent;
  language: MessageLanguage;
  subject: string;
  body: string;
}) => put('/message/updateMessageTemplate', input, { schema: messageTemplatesSchema });

export const sendTestMessage = (input: {
  channel: MessageChannel;
  to: string;
  event: TemplateEvent;
  language: MessageLanguage;
}) => post('/message/sendTestMessage', input, { schema: testMessageResultSchema });

export const getMemberMessagePrefs = (userId: number, signal?: AbortSignal) =>
  get('/message/getMemberMessagePrefs', { query: { userId }, schema: memberMessagePrefsSchema, signal });

export const saveMemberMessagePrefs = (input: MemberMessagePrefs) =>
  put('/message/updateMemberMessagePrefs', input, { schema: memberMessagePrefsSchema });
