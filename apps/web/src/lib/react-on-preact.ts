// React's API for the staff app, served by Preact: the build resolves `react` and `react-dom` here
// (vite.config.ts), so the app and its libraries keep writing React while the page loads Preact's
// few kilobytes instead of React DOM. What React 19 does that `preact/compat` does not is added here,
// before anything renders; the browser journeys hold every screen to it.
import compat, { useCallback, useContext, useLayoutEffect, useRef, useState } from 'preact/compat';
import { options, type Context, type VNode } from 'preact';

// @ts-expect-error preact/compat's types are one `export =` namespace; its module has named exports.
export * from 'preact/compat';

type TVNode = VNode<{ ref?: unknown }> & { ref?: unknown };

/**
 * A function component gets its `ref` as a prop, as in React 19: the fields hand the ref of
 * react-hook-form's `register` on to their input this way. Preact keeps `ref` off the props of
 * every component but `forwardRef`'s; class components keep theirs.
 */
const nextVNode = options.vnode?.bind(options);
options.vnode = (vnode: TVNode) => {
  const { type } = vnode;
  const isClass =
    typeof type === 'function' && Boolean((type.prototype as { render?: unknown } | undefined)?.render);
  if (typeof type === 'function' && !isClass && vnode.ref) {
    vnode.props.ref = vnode.ref;
    vnode.ref = undefined;
  }
  nextVNode?.(vnode);
};

let lastId = 0;

/**
 * An id unique in the page, as React's: Preact counts ids per root and per Suspense boundary, so a
 * dialog's fields and the screen's behind it could share one, and a label would name the wrong control.
 */
export function useId(): string {
  const [id] = useState(() => `:r${(lastId++).toString(36)}:`);
  return id;
}

/** React's `use`, for a context: the only kind the app reads with it. */
export function use<T>(usable: Context<T>): T {
  return useContext(usable);
}

/** React's `useEffectEvent`: a function that effects call, which always sees the latest render's values. */
export function useEffectEvent<TArgs extends unknown[], TResult>(
  callback: (...args: TArgs) => TResult,
): (...args: TArgs) => TResult {
  const latestRef = useRef(callback);
  useLayoutEffect(() => {
    latestRef.current = callback;
  });
  return useCallback((...args: TArgs) => latestRef.current(...args), []);
}

export default { ...compat, useId, use, useEffectEvent };
