import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';

afterEach(cleanup);

describe('App', () => {
  it('renders the ackclock heading', () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ackclock');
  });
});
