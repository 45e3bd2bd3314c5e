import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadable', () => {
  it('suspends while the module loads when it was not preloaded', async () => {
    const page = preloadable(async () => Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <page.Component name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Asha')).toBeTruthy();
  });

  it('renders a preloaded module in the first commit, with no fallback', async () => {
    const page = preloadable(async () => Greeting);
    await page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <page.Component name="Ravi" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ravi')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const page = preloadable(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(page.preload()).rejects.toThrow('offline');
    await page.preload();
    expect(calls).toBe(2);
  });
});
