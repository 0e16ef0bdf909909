/** The little of the router a module that follows it needs, `S` being the part of its state it
 * reads: the real router passes, and tests pass a stand-in. */
export interface RouterView<S> {
  state: S;
  subscribe: (listener: (state: S) => void) => () => void;
}
