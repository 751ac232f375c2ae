// The toast waits while it is being used: its time runs only while neither the focus nor the
// pointer is on it (a keyboard user reaching its button after many Tabs finds it still there),
// and a toast with an action says that Undo does the same without a time limit.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

import { Toast } from '../../web/components/Toast';
import { dismissToast, showToast, toast } from '../../web/state/toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  dismissToast();
  cleanup();
});

const shown = () => toast.value !== null;

test('its time runs while it is left alone: 12 s', () => {
  render(<Toast />);
  act(() => showToast({ message: 'Ranking B was removed.', action: { label: 'Restore ranking B', run: () => {} } }));
  act(() => void vi.advanceTimersByTime(11_900));
  expect(shown()).toBe(true);
  act(() => void vi.advanceTimersByTime(200));
  expect(shown()).toBe(false);
});

test('focused, it stays as long as the focus does; its time starts again when the focus leaves', () => {
  render(<Toast />);
  act(() => showToast({ message: 'Ranking B was removed.', action: { label: 'Restore ranking B', run: () => {} } }));
  const button = screen.getByRole('button', { name: 'Restore ranking B' });
  act(() => button.focus());
  act(() => void vi.advanceTimersByTime(60_000));
  expect(shown()).toBe(true);
  act(() => button.blur());
  act(() => void vi.advanceTimersByTime(11_900));
  expect(shown()).toBe(true);
  act(() => void vi.advanceTimersByTime(200));
  expect(shown()).toBe(false);
});

test('under the pointer, it stays until the pointer leaves', () => {
  const { container } = render(<Toast />);
  act(() => showToast({ message: 'Saved.' }));
  const box = container.querySelector('[role="status"] > div')!;
  act(() => void fireEvent.mouseEnter(box));
  act(() => void vi.advanceTimersByTime(30_000));
  expect(shown()).toBe(true);
  act(() => void fireEvent.mouseLeave(box));
  act(() => void vi.advanceTimersByTime(12_100));
  expect(shown()).toBe(false);
});
