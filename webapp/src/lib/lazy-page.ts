// A page (or part of one) as its own chunk (React.lazy) that app/preload.ts can load before the first render.
// Once the chunk is there, the page renders at once: React.lazy would otherwise suspend for a tick on a loaded
// module and draw its skeleton first, one more render and paint on a slow phone (and a shift when it is replaced).
import { lazy, type ComponentType } from 'react';

export interface LazyPage<Props> {
  Page: ComponentType<Props>;
  /** Loads the chunk; resolves when the page can render without suspending. */
  preload: () => Promise<unknown>;
}

export function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyPage<Props> {
  let loaded: { default: ComponentType<Props> } | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = { default: pick(module) }),
      (error: unknown) => {
        loading = null; // a failed download may be tried again
        throw error;
      },
    ));
  // React.lazy takes any thenable: one that calls back at once lets React use the module in the same render.
  const Page = lazy(() =>
    loaded ? ({ then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as never) : preload(),
  );
  return { Page, preload };
}
