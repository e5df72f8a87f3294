import { createContext, useContext, useEffect } from 'react';

/**
 * A view model that keeps the user's place: when its screen is left for another one (a row's detail), the route
 * keeps it, and Back shows it again as it was (every page loaded, the same tab and filter, the same scroll), then
 * calls `resume()`, which brings it up to date without a loading state.
 */
export interface KeepsPlace {
  resume(): void;
}

export function keepsPlace(vm: unknown): vm is KeepsPlace {
  return typeof (vm as Partial<KeepsPlace> | null)?.resume === 'function';
}

/** One screen left for another: its history entry, what made its view model, and how far down the page was. */
export interface KeptScreen {
  /** react-router's key of the history entry the screen was shown at. */
  readonly key: string;
  readonly token: symbol;
  readonly args: readonly unknown[];
  readonly vm: KeepsPlace & { dispose(): void };
  readonly scrollY: number;
}

/** Screens a Back can come to: the ones left going forward, nearest first; the history behind is rarely deeper. */
const MOST_KEPT = 5;

/** The screens left going forward, for Back to show again (module state: one per page, like the history). */
class KeptScreens {
  private kept: KeptScreen[] = [];

  keep(screen: KeptScreen): void {
    const others = this.kept.filter((kept) => kept.key !== screen.key);
    for (const dropped of [...others.slice(MOST_KEPT - 1)]) dropped.vm.dispose();
    this.kept = [screen, ...others.slice(0, MOST_KEPT - 1)];
  }

  /** The screen kept at this history entry when it was made by the same factory and arguments (once). */
  take(key: string, token: symbol, args: readonly unknown[]): KeptScreen | undefined {
    const found = this.kept.find((kept) => kept.key === key);
    if (found === undefined) return undefined;
    this.kept = this.kept.filter((kept) => kept !== found);
    const same =
      found.token === token &&
      found.args.length === args.length &&
      found.args.every((value, index) => Object.is(value, args[index]));
    if (same) return found;
    found.vm.dispose();
    return undefined;
  }
}

export const keptScreens = new KeptScreens();

/** Whether the screen rendering now was shown again by Back from a kept view model. */
export const ResumedScreen = createContext(false);

/**
 * Opens a screen's view model: a fresh one loads; one kept for Back resumes instead, so the screen shows at once as
 * the user left it (no loading state) and catches up quietly.
 */
export function useOpenScreen(vm: { load(): unknown } & Partial<KeepsPlace>): void {
  const resumed = useContext(ResumedScreen);
  useEffect(() => {
    if (resumed && vm.resume) vm.resume();
    else void vm.load();
  }, [vm, resumed]);
}
