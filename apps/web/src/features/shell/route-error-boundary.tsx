import { Component, type ReactNode } from "react";
import { RouteError } from "./route-error";

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; failed: boolean; resetKey: string };

/** Shows RouteError in place of a screen that threw (its code failed to load, say) until `resetKey` changes: the next navigation. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
