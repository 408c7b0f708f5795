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

  it('keeps a key given by the caller', () => {
    expect(enqueueSnackbar('Keyed', { key: 'mine' })).toBe('mine');
  });
});
