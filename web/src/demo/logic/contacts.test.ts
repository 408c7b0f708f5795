import { describe, expect, it } from 'vitest';
import { deleteContact, deleteConversation, sendMessage, toggleFavorite, validateContact } from './contacts';
import type { Contact } from './contacts';

const base: Contact = {
  id: 1,
  avatar: '',
  name: 'Ann',
  title: '',
  phone: '',
  secondaryPhone: '',
  personalEmail: '',
  companyEmail: '',
  address: '',
  website: '',
  favorited: false,
};

describe('contacts and chat', () => {
  it('toggles favourite and deletes', () => {
    const contacts = [base, { ...base, id: 2 }];
    expect(toggleFavorite(contacts, 2)[1]!.favorited).toBe(true);
    expect(toggleFavorite(toggleFavorite(contacts, 2), 2)[1]!.favorited).toBe(false);
    expect(deleteContact(contacts, 1).map((c) => c.id)).toEqual([2]);
  });

  it('requires a name and checks filled emails', () => {
    expect(validateContact({ name: ' ', personalEmail: '', companyEmail: '' })).toEqual({ name: 'Required' });
    expect(validateContact({ name: 'A', personalEmail: 'x', companyEmail: 'a@b.co' })).toEqual({
      personalEmail: 'Invalid email',
    });
  });

  it('appends a sent message and deletes the conversation', () => {
    const now = new Date(2026, 10, 26, 9, 5);
    const chat = sendMessage([{ id: 4, from: 'contact', date: '', time: '', message: 'hi' }], ' hello ', now);
    expect(chat.at(-1)).toEqual({ id: 5, from: 'me', date: '2026-11-26', time: '09:05', message: 'hello' });
    expect(sendMessage(chat, '  ', now)).toHaveLength(2);
    expect(deleteConversation()).toEqual([]);
  });
});
