import { autorun } from 'mobx';
import { AsyncState, IDLE, LOADING, READY, failed } from '../../../../src/presentation/shell/screenState';

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'error_unknown';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('AsyncState', () => {
  it('goes idle → loading → ready and hands the value over', async () => {
    const state = new AsyncState(codeOf);
    const seen: string[] = [];
    autorun(() => seen.push(state.state.status));
    const load = deferred<number>();
    let received = 0;
    const run = state.run(
      () => load.promise,
      (value) => (received = value),
    );
    expect(state.state).toEqual(LOADING);
    expect(state.isLoading).toBe(true);
    load.resolve(7);
    expect(await run).toBe(7);
    expect(received).toBe(7);
    expect(state.state).toEqual(READY);
    expect(seen).toEqual(['idle', 'loading', 'ready']);
  });

  it('ends in error(code) when the load fails', async () => {
    const state = new AsyncState(codeOf);
    expect(await state.run(() => Promise.reject({ code: 'not_found' }))).toBeUndefined();
    expect(state.state).toEqual(failed('not_found'));
    await state.run(() => Promise.reject(new Error('boom')));
    expect(state.state).toEqual({ status: 'error', code: 'error_unknown' });
  });

  it('ignores a superseded run', async () => {
    const state = new AsyncState(codeOf);
    const first = deferred<string>();
    const second = deferred<string>();
    const applied: string[] = [];
    const firstRun = state.run(
      () => first.promise,
      (value) => applied.push(value),
    );
    const secondRun = state.run(
      () => second.promise,
      (value) => applied.push(value),
    );
    second.resolve('second');
    await secondRun;
    first.resolve('first');
    expect(await firstRun).toBeUndefined();
    expect(applied).toEqual(['second']);
    expect(state.state).toEqual(READY);
  });

  it('ignores results after dispose', async () => {
    const state = new AsyncState(codeOf);
    const load = deferred<string>();
    const run = state.run(() => load.promise);
    state.dispose();
    load.reject({ code: 'x' });
    await run;
    expect(state.state).toEqual(LOADING);
    expect(IDLE.status).toBe('idle');
  });
});
