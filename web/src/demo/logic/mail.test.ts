import { describe, expect, it } from 'vitest';
import { compose, composeState, deleteMail, mailsIn, moveTo, toggleStar } from './mail';
import type { Mail, MailCategory } from './mail';

function mail(id: number, category: MailCategory): Mail {
  return {
    id,
    category,
    stared: false,
    subject: `s${id}`,
    name: 'n',
    avatar: '',
    date: '',
    content: '',
    attachment: [],
  };
}

const box = [mail(1, 'inbox'), mail(2, 'sent'), mail(3, 'spam'), mail(4, 'social'), mail(5, 'forums')];

describe('mail', () => {
  it('puts a composed mail in sent, on top', () => {
    const mails = compose(box, { to: 'a@b.co', subject: 'Hi', name: 'Me', content: 'x' }, '2026-11-26');
    expect(mails[0]).toMatchObject({ id: 6, category: 'sent', subject: 'Hi' });
    expect(mailsIn(mails, 'sent').map((m) => m.id)).toEqual([6, 2]);
  });

  it('toggles the star', () => {
    const once = toggleStar(box, 1);
    expect(once[0]!.stared).toBe(true);
    expect(toggleStar(once, 1)[0]!.stared).toBe(false);
  });

  it('moves among updates, social, promos, forums and spam, and deletes', () => {
    for (const target of ['updates', 'social', 'promos', 'forums', 'spam'] as const) {
      expect(moveTo(box, 1, target)[0]!.category).toBe(target);
    }
    expect(moveTo(box, 1, 'sent' as never)[0]!.category).toBe('inbox');
    expect(deleteMail(box, 3).map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });

  it('shows in the inbox everything not sent and not spam', () => {
    expect(mailsIn(box, 'inbox').map((m) => m.id)).toEqual([1, 4, 5]);
    expect(mailsIn(moveTo(box, 4, 'spam'), 'inbox').map((m) => m.id)).toEqual([1, 5]);
  });

  it('enables Send only with To and Subject, and calls a bad To an invalid email', () => {
    expect(composeState('', 'x')).toEqual({ canSend: false, toError: null });
    expect(composeState('a@b.co', '')).toEqual({ canSend: false, toError: null });
    expect(composeState('nope', 'x')).toEqual({ canSend: false, toError: 'Invalid email' });
    expect(composeState('a@b.co', 'x')).toEqual({ canSend: true, toError: null });
  });
});
