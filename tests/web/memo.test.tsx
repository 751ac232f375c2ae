// memo: a component that renders again only when its props changed, each by identity or by its own
// test (the document card compares its document by value).
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { memo, sameProps } from '../../web/components/Memo';

afterEach(cleanup);

describe('sameProps', () => {
  const doc = { id: 'd1', text: 'He won.' };
  test('each prop by identity, and the same keys', () => {
    expect(sameProps({ a: 1, doc }, { a: 1, doc })).toBe(true);
    expect(sameProps({ a: 1, doc }, { a: 1, doc: { ...doc } })).toBe(false);
    expect(sameProps<{ a: number; b?: number }>({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
  test('a prop with a test of its own is compared by it', () => {
    const byId = { doc: (x: typeof doc, y: typeof doc) => x.id === y.id };
    expect(sameProps({ a: 1, doc }, { a: 1, doc: { ...doc } }, byId)).toBe(true);
    expect(sameProps({ a: 1, doc }, { a: 1, doc: { ...doc, id: 'd2' } }, byId)).toBe(false);
    expect(sameProps({ a: 1, doc }, { a: 2, doc }, byId)).toBe(false);
  });
});

describe('memo', () => {
  test('skips a render while its test holds, renders when it does not', () => {
    const renders = vi.fn();
    const Shown = memo(
      ({ n, label }: { n: number; label: string }) => {
        renders();
        return <p>{`${label} ${n}`}</p>;
      },
      (before, after) => sameProps(before, after, { n: (x, y) => Math.round(x) === Math.round(y) }),
    );
    const { container, rerender } = render(<Shown n={1} label="a" />);
    rerender(<Shown n={1.2} label="a" />);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('a 1');
    rerender(<Shown n={1.2} label="b" />);
    expect(renders).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe('b 1.2');
  });
});
