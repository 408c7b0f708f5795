import type { z } from 'zod';
import type {
  MemberMessagePrefs,
  Message,
  MessageChannel,
  MessageLanguage,
  MessageSettings,
  MessageSettingsAnswer,
  messageTemplatesSchema,
  TemplateEvent,
  testMessageResultSchema,
} from '@app/contract/messages';
import { get, post, put } from '../../lib/api';

type MessageTemplates = z.output<typeof messageTemplatesSchema>;
type TestMessageResult = z.output<typeof testMessageResultSchema>;

export const retryMessage = (messageId: number) =>
  post<Message>('/message/retryMessage', undefined, { query: { messageId } });

export const getMessageSettings = (signal?: AbortSignal) =>
  get<MessageSettingsAnswer>('/message/getMessageSettings', { signal });

export const saveMessageSettings = (input: MessageSettings) =>
  put<MessageSettingsAnswer>('/message/updateMessageSettings', input);

export const getMessageTemplates = (signal?: AbortSignal) =>
  get<MessageTemplates>('/message/getMessageTemplates', { signal });

export const saveMessageTemplate = (input: {
  event: TemplateEvent;
  language: MessageLanguage;
  subject: string;
  body: string;
}) => put<MessageTemplates>('/message/updateMessageTemplate', input);

export const sendTestMessage = (input: {
  channel: MessageChannel;
  to: string;
  event: TemplateEvent;
  language: MessageLanguage;
}) => post<TestMessageResult>('/message/sendTestMessage', input);

export const getMemberMessagePrefs = (userId: number, signal?: AbortSignal) =>
  get<MemberMessagePrefs>('/message/getMemberMessagePrefs', { query: { userId }, signal });

export const saveMemberMessagePrefs = (input: MemberMessagePrefs) =>
  put<MemberMessagePrefs>('/message/updateMemberMessagePrefs', input);
