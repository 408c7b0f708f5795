import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OpenedOnce, PartSuspense, lazyPart } from './lazyPart';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('downloads nothing before the first opening, then keeps the part mounted after it closes', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const LazyGreeting = lazyPart(load, 'Greeting');
    const view = (open: boolean) => (
      <OpenedOnce open={open}>
        <LazyGreeting name={open ? 'open' : 'closing'} />
      </OpenedOnce>
    );
    const { rerender } = render(view(false));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Hello/)).toBeNull();

    rerender(view(true));
    expect(await screen.findByText('Hello open')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed: still rendered (a dialog fades out with its text), not downloaded again.
    rerender(view(false));
    expect(screen.getByText('Hello closing')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a labelled loading state while a part downloads', async () => {
    let finish!: (module: { Greeting: typeof Greeting }) => void;
    const LazyGreeting = lazyPart(
      () => new Promise<{ Greeting: typeof Greeting }>((r) => (finish = r)),
      'Greeting',
    );
    render(
      <PartSuspense>
        <LazyGreeting name="fields" />
      </PartSuspense>,
    );
    expect(screen.getByRole('progressbar')).toBeTruthy();
    finish({ Greeting });
    expect(await screen.findByText('Hello fields')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
