import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { Notifications } from './Notifications';
import { closeSnackbar, enqueueSnackbar } from './notify';

describe('notifications', () => {
  it('shows a message sent before the provider is up once it is, and closes it by the key it returned', async () => {
    let key: string | number = '';
    act(() => {
      key = enqueueSnackbar('Saved before the provider', { variant: 'success' });
    });
    expect(key).toMatch(/^notify-\d+$/);
    render(<Notifications />);
    expect(await screen.findByText('Saved before the provider')).toBeTruthy();
    // Every message carries the close button (the provider's action).
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();
    act(() => closeSnackbar(key));
    await waitFor(() => expect(screen.queryByText('Saved before the provider')).toBeNull());
  });

  it("closes a message by the host's close button", async () => {
    render(<Notifications />);
    // Kept until closed, so only the button can take it away.
    act(() => void enqueueSnackbar('Closed by hand', { persist: true }));
    expect(await screen.findByText('Closed by hand')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    await waitFor(() => expect(screen.queryByText('Closed by hand')).toBeNull());
  });

  it('keeps a key given by the caller', () => {
    expect(enqueueSnackbar('Keyed', { key: 'mine' })).toBe('mine');
  });
});
