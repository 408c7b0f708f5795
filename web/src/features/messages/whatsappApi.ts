import type { z } from 'zod';
import type { Message } from '@app/contract/messages';
import type {
  WhatsAppCloud,
  WhatsAppCloudInput,
  WhatsAppTemplateInput,
  whatsappCostSchema,
  whatsappInboundListSchema,
  whatsappTemplatesSchema,
  whatsappTestResultSchema,
} from '@app/contract/whatsapp';
import { get, post, put } from '../../lib/api';

type Templates = z.output<typeof whatsappTemplatesSchema>;
type Inbound = z.output<typeof whatsappInboundListSchema>;
type Cost = z.output<typeof whatsappCostSchema>;
type TestResult = z.output<typeof whatsappTestResultSchema>;

export const getWhatsAppCloud = (signal?: AbortSignal) =>
  get<WhatsAppCloud>('/message/getWhatsAppCloud', { signal });

export const saveWhatsAppCloud = (input: WhatsAppCloudInput) =>
  put<WhatsAppCloud>('/message/updateWhatsAppCloud', input);

export const sendWhatsAppTest = (to: string) => post<TestResult>('/message/sendWhatsAppTest', { to });

export const getWhatsAppTemplates = (signal?: AbortSignal) =>
  get<Templates>('/message/getWhatsAppTemplates', { signal });

export const saveWhatsAppTemplate = (input: WhatsAppTemplateInput) =>
  put<Templates>('/message/updateWhatsAppTemplate', input);

export const getWhatsAppCost = (signal?: AbortSignal) => get<Cost>('/message/getWhatsAppCost', { signal });

export const getWhatsAppInbound = (signal?: AbortSignal) =>
  get<Inbound>('/message/getWhatsAppInbound', { signal });

export const sendWhatsAppReply = (userId: number, text: string) =>
  post<Message>('/message/sendWhatsAppReply', { userId, text });
