import { Component, type ReactNode } from 'react';

/**
 * Holds what is only decoration: if it fails (its chunk could not be fetched, the server being
 * restarted or a deploy having replaced it), nothing is shown in its place. Without it the failure
 * would reach the screen's error boundary and replace the whole screen with an error.
 */
export class Decoration extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
