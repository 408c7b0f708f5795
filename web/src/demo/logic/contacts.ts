import { isEmail } from './mail';

/** Contacts and chat (spec sections 3, 4 and 5). */
export interface Contact {
  id: number;
  avatar: string;
  name: string;
  title: string;
  phone: string;
  secondaryPhone: string;
  personalEmail: string;
  companyEmail: string;
  address: string;
  website: string;
  favorited: boolean;
}

export function toggleFavorite(contacts: readonly Contact[], id: number): Contact[] {
  return contacts.map((contact) =>
    contact.id === id ? { ...contact, favorited: !contact.favorited } : contact,
  );
}

export function deleteContact(contacts: readonly Contact[], id: number): Contact[] {
  return contacts.filter((contact) => contact.id !== id);
}

export type ContactErrors = Partial<
  Record<'name' | 'personalEmail' | 'companyEmail', 'Required' | 'Invalid email'>
>;

/** Name is required; the two emails must look like addresses when filled. */
export function validateContact(
  values: Pick<Contact, 'name' | 'personalEmail' | 'companyEmail'>,
): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim() === '') errors.name = 'Required';
  for (const field of ['personalEmail', 'companyEmail'] as const) {
    if (values[field].trim() !== '' && !isEmail(values[field])) errors[field] = 'Invalid email';
  }
  return errors;
}

/** Avatar: jpeg, png or bmp, at most 300000 bytes, one file. */
export const avatarRules = {
  types: ['image/jpeg', 'image/png', 'image/bmp'],
  maxBytes: 300_000,
  maxFiles: 1,
};

export interface ChatMessage {
  id: number;
  from: 'me' | 'contact';
  date: string;
  time: string;
  message: string;
}

/** Send appends the message to the conversation; blank text sends nothing. */
export function sendMessage(chat: readonly ChatMessage[], text: string, now: Date): ChatMessage[] {
  if (text.trim() === '') return [...chat];
  const id = chat.reduce((max, message) => Math.max(max, message.id), 0) + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return [...chat, { id, from: 'me', date, time, message: text.trim() }];
}

export function deleteConversation(): ChatMessage[] {
  return [];
}
