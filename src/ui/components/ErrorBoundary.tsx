/**
 * Error boundaries: a panel that throws while rendering (or in an effect) shows what failed and
 * a Retry button in its own place, and the rest of the page keeps working; the app's boundary
 * catches whatever the panels' did not and offers the default scenario, so a link whose state
 * the app cannot show never leaves an empty page. Messages are React text, never HTML.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Longest error message shown, characters (an error may quote a long input). */
const MAX_MESSAGE = 300;

/** A readable one-line message for anything thrown. */
export function errorText(err: unknown): string {
  let text: string;
  if (err instanceof Error) text = err.message || err.name;
  else if (typeof err === 'string') text = err;
  else {
    try {
      text = String(err);
    } catch {
      text = 'unknown error';
    }
  }
  text = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

interface PanelBoundaryProps {
  /** What the panel is, for screen readers and the log ("Router plot"). */
  name: string;
  children: ReactNode;
  /** A new value (e.g. a new run's trace) clears the error and renders the panel again. */
  resetKey?: unknown;
  /** Class of the fallback's box, so it takes the failed panel's place in the layout. */
  className?: string;
}

interface PanelBoundaryState {
  error: { message: string } | null;
  resetKey: unknown;
}

/** One panel's boundary: "This panel failed: <message>" with a Retry button. */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(err: unknown): Partial<PanelBoundaryState> {
    return { error: { message: errorText(err) } };
  }

  static getDerivedStateFromProps(
    props: PanelBoundaryProps,
    state: PanelBoundaryState,
  ): Partial<PanelBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(_err: unknown, _info: ErrorInfo): void {
    // React reports the error on the console itself; the page shows it in the panel's place.
  }

  private retry = () => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section
        className={`panel-failed${this.props.className ? ` ${this.props.className}` : ''}`}
        aria-label={`${this.props.name} (failed)`}
        data-testid="panel-error"
        data-panel={this.props.name}
      >
        <p role="alert">
          <strong>{this.props.name}</strong> — This panel failed: {error.message}
        </p>
        <button type="button" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}

interface AppBoundaryState {
  error: { message: string } | null;
}

/** Path of the app without the query: the default scenario. */
function defaultHref(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname || '/';
}

/** The failure page: what failed, and a way back to a scenario that works. */
export function AppFailure(props: { message: string; onRetry?: () => void }) {
  return (
    <div className="app app-failed" data-theme="light" role="alert" data-testid="app-error">
      <h1>ackclock could not show this page</h1>
      <p>
        The app failed: <code>{props.message}</code>
      </p>
      <p>
        The address may hold a state the app cannot show.{' '}
        <a href={defaultHref()}>Open the default scenario</a>
        {props.onRetry && (
          <>
            {' '}
            or{' '}
            <button type="button" onClick={props.onRetry}>
              try again
            </button>
          </>
        )}
        .
      </p>
    </div>
  );
}

/** The app's boundary: a readable message and a link to the default scenario. */
export class AppBoundary extends Component<{ children: ReactNode }, AppBoundaryState> {
  override state: AppBoundaryState = { error: null };

  static getDerivedStateFromError(err: unknown): AppBoundaryState {
    return { error: { message: errorText(err) } };
  }

  private retry = () => this.setState({ error: null });

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return <AppFailure message={this.state.error.message} onRetry={this.retry} />;
  }
}
