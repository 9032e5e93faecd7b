import { Component, type ReactNode } from 'react';

interface LoadBoundaryProps {
  children: ReactNode;
  /** Called once when the part could not load (a lazy chunk lost to a network failure). */
  onError: () => void;
}

/**
 * Catches the failure of a lazily loaded part so it costs the shopper that part only, not the
 * page: the caller says what went wrong and lets them try again.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
