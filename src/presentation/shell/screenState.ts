import { makeAutoObservable, runInAction } from 'mobx';

/** What a screen is doing (ARCHITECTURE.md: view models expose state unions, not flags). */
export type ScreenState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly code: string }
  | { readonly status: 'ready' };

export const IDLE: ScreenState = { status: 'idle' };
export const LOADING: ScreenState = { status: 'loading' };
export const READY: ScreenState = { status: 'ready' };
export const failed = (code: string): ScreenState => ({ status: 'error', code });

/**
 * A MobX helper for one load of a view model: `run(load)` moves idle/error → loading → ready or error(code),
 * ignoring results of a superseded run or after dispose. Compose it into view models (no base class).
 */
export class AsyncState {
  state: ScreenState = IDLE;
  private generation = 0;

  constructor(private readonly codeOf: (error: unknown) => string) {
    makeAutoObservable<AsyncState, 'codeOf' | 'generation'>(
      this,
      { codeOf: false, generation: false },
      { autoBind: true },
    );
  }

  get isLoading(): boolean {
    return this.state.status === 'loading';
  }

  /** Runs `load`, then `onLoaded` (in an action) with its value; resolves with the value, or undefined when it failed or was superseded. */
  async run<T>(load: () => Promise<T>, onLoaded?: (value: T) => void): Promise<T | undefined> {
    const generation = ++this.generation;
    this.state = LOADING;
    try {
      const value = await load();
      if (generation !== this.generation) return undefined;
      runInAction(() => {
        onLoaded?.(value);
        this.state = READY;
      });
      return value;
    } catch (error) {
      if (generation === this.generation) runInAction(() => (this.state = failed(this.codeOf(error))));
      return undefined;
    }
  }

  /** Forgets any run in flight. */
  dispose(): void {
    this.generation += 1;
  }
}
