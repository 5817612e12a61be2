import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { OfflineNotice } from './offline-notice.tsx';

/* The back office without a connection (decision 0035): the shell says so, and a screen waiting for its data says
   it waits for the connection instead of spinning; both follow the browser's online and offline events. */

/** Puts the browser offline or back online, as the network does: navigator.onLine, then the event. */
function network(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  network(true);
  cleanup();
});

describe('the back office offline', () => {
  it('shows the notice only while the connection is gone', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    network(false);
    expect(screen.getByRole('status').textContent).toContain('You are offline – the counter keeps selling.');
    network(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a screen waits for the connection instead of loading forever', () => {
    render(<PageLoading />);
    expect(screen.getByRole('status').textContent).toBe('Loading..');
    network(false);
    expect(screen.getByRole('status').textContent).toContain('This screen needs the connection');
    network(true);
    expect(screen.getByRole('status').textContent).toBe('Loading..');
  });
});
