/** Email client (spec sections 3 and 4). */
export const mailCategories = ['inbox', 'sent', 'spam', 'updates', 'social', 'promos', 'forums'] as const;
export type MailCategory = (typeof mailCategories)[number];

/** The categories Move-to offers. */
export const moveTargets = [
  'updates',
  'social',
  'promos',
  'forums',
  'spam',
] as const satisfies MailCategory[];
export type MoveTarget = (typeof moveTargets)[number];

export interface Mail {
  id: number;
  category: MailCategory;
  stared: boolean;
  subject: string;
  name: string;
  avatar: string;
  date: string;
  content: string;
  attachment: string[];
}

export type Draft = Pick<Mail, 'subject' | 'name' | 'content'> & { to: string; attachment?: string[] };

/** A composed mail lands in sent, at the top. */
export function compose(mails: readonly Mail[], draft: Draft, date: string): Mail[] {
  const id = mails.reduce((max, mail) => Math.max(max, mail.id), 0) + 1;
  const mail: Mail = {
    id,
    category: 'sent',
    stared: false,
    subject: draft.subject,
    name: draft.to,
    avatar: '',
    date,
    content: draft.content,
    attachment: draft.attachment ?? [],
  };
  return [mail, ...mails];
}

export function toggleStar(mails: readonly Mail[], id: number): Mail[] {
  return mails.map((mail) => (mail.id === id ? { ...mail, stared: !mail.stared } : mail));
}

export function moveTo(mails: readonly Mail[], id: number, category: MoveTarget): Mail[] {
  if (!(moveTargets as readonly string[]).includes(category)) return [...mails];
  return mails.map((mail) => (mail.id === id ? { ...mail, category } : mail));
}

export function deleteMail(mails: readonly Mail[], id: number): Mail[] {
  return mails.filter((mail) => mail.id !== id);
}

/** Inbox shows everything that is neither sent nor spam; other folders show their own category. */
export function mailsIn(mails: readonly Mail[], folder: MailCategory | 'stared'): Mail[] {
  if (folder === 'inbox') return mails.filter((mail) => mail.category !== 'sent' && mail.category !== 'spam');
  if (folder === 'stared') return mails.filter((mail) => mail.stared);
  return mails.filter((mail) => mail.category === folder);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** Send is disabled unless To and Subject are filled; a bad To address is 'Invalid email'. */
export function composeState(
  to: string,
  subject: string,
): { canSend: boolean; toError: 'Invalid email' | null } {
  const toError = to.trim() !== '' && !isEmail(to) ? 'Invalid email' : null;
  return { canSend: to.trim() !== '' && subject.trim() !== '' && toError === null, toError };
}
