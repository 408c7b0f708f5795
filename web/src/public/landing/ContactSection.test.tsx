import { fireEvent, render, screen, within } from '@testing-library/react';
import { Notifications } from '../../lib/notify/Notifications';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { ContactSection } from './ContactSection';

function renderForm() {
  render(
    <>
      <ContactSection />
      <Notifications />
    </>,
  );
  const form = screen.getByRole('form', { name: 'Contact form' });
  const name = within(form).getByRole('textbox', { name: /Your name/ }) as HTMLInputElement;
  const email = within(form).getByRole('textbox', { name: /Your email/ }) as HTMLInputElement;
  const message = within(form).getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;
  const send = within(form).getByRole('button', { name: 'Send' });
  return { form, name, email, message, send };
}

describe('ContactSection', { timeout: 20_000 }, () => {
  it('requires name and email', async () => {
    const { form, send, message } = renderForm();
    expect(message.tagName).toBe('TEXTAREA');
    fireEvent.click(send);
    expect(await within(form).findAllByText('Required')).toHaveLength(2);
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('rejects an address that is not an email', async () => {
    const { form, name, email, send } = renderForm();
    fireEvent.change(name, { target: { value: 'Ananya Rao' } });
    fireEvent.change(email, { target: { value: 'ananya.example.com' } });
    fireEvent.click(send);
    expect(await within(form).findByText('Invalid email')).toBeTruthy();
    expect(within(form).queryByText('Required')).toBeNull();
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('confirms with Email sent and clears the form when both are valid; the message is optional', async () => {
    const { form, name, email, send } = renderForm();
    fireEvent.change(name, { target: { value: 'Ananya Rao' } });
    fireEvent.change(email, { target: { value: 'ananya@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect(name.value).toBe('');
    expect(email.value).toBe('');
    expect(within(form).queryByText('Required')).toBeNull();
  });
});
