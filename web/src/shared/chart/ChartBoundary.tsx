import { Component, type ReactNode } from 'react';

/**
 * The chart is a view of what the form already says in numbers: if its code cannot load (no network on a
 * first visit, a deploy that replaced the chunk) or it fails to draw, the screen says so in its place and
 * the rest of the form, and everything typed in it, carries on.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('The chart could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <p className="chart-unavailable">The chart could not be shown.</p> : this.props.children;
  }
}
