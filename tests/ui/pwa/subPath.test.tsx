// A site published under a sub-path (https://host/some/sub/path/): the failure pages' links to
// the default scenario stay under it (they are the page's own path without the query).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { showStartFailure } from '../../../src/ui/boot';
import { AppFailure } from '../../../src/ui/components/ErrorBoundary';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('links to the default scenario under a sub-path', () => {
  it('the start-up failure (before React) links to the page’s own path', () => {
    window.history.replaceState(null, '', '/some/sub/path/?preset=ff-3-drops&e=9');
    document.body.innerHTML = '<div id="root"><p class="boot">Starting ackclock…</p></div>';
    showStartFailure('WebAssembly refused');
    const link = document.querySelector<HTMLAnchorElement>('#root a')!;
    expect(link.textContent).toBe('Open the default scenario');
    expect(link.getAttribute('href')).toBe('/some/sub/path/');
  });

  it('the app’s failure page links to the page’s own path', () => {
    window.history.replaceState(null, '', '/some/sub/path/index.html?preset=bogus');
    render(<AppFailure message="boom" />);
    expect(screen.getByText('Open the default scenario').getAttribute('href')).toBe(
      '/some/sub/path/index.html',
    );
  });
});
