// A part loaded when first shown: its fallback until the module arrives, then the part with its
// props; a module that cannot be loaded says so, naming the part, and the next mount tries again.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { lazyPart } from '../../web/components/Lazy';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module load that the test settles by hand. */
function deferred() {
  let settle!: { resolve: (c: typeof Greeting) => void; reject: (e: Error) => void };
  const promise = new Promise<typeof Greeting>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('lazyPart', () => {
  test('shows the fallback, then the part with its props; the module is fetched once', async () => {
    const load = deferred();
    const loader = vi.fn(() => load.promise);
    const Part = lazyPart(loader, { what: 'the greeting', fallback: <p>Loading…</p> });
    const first = render(<Part name="Ada" />);
    render(<Part name="Grace" />);
    expect(screen.getAllByText('Loading…')).toHaveLength(2);
    load.resolve(Greeting);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
    first.rerender(<Part name="Alan" />);
    expect(screen.getByText('Hello, Alan')).toBeTruthy();
    render(<Part name="Edsger" />);
    expect(screen.getByText('Hello, Edsger')).toBeTruthy(); // loaded: no fallback
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test('a part unmounted before its module arrives is left alone', async () => {
    const load = deferred();
    const Part = lazyPart(() => load.promise, { what: 'the greeting' });
    const { unmount, container } = render(<Part name="Ada" />);
    expect(container.textContent).toBe('');
    unmount();
    load.resolve(Greeting);
    await load.promise;
    render(<Part name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeTruthy();
  });

  test('a module that cannot be loaded is named in an alert; the next mount loads it again', async () => {
    const loads = [deferred(), deferred()];
    const loader = vi.fn(() => loads[loader.mock.calls.length - 1]!.promise);
    const Part = lazyPart(loader, { what: 'the charts' });
    const { unmount } = render(<Part name="Ada" />);
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not load the charts (Failed to fetch dynamically imported module). Reload the page to try again.',
    );
    unmount();
    render(<Part name="Grace" />);
    expect(loader).toHaveBeenCalledTimes(2);
    loads[1]!.resolve(Greeting);
    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
  });
});
