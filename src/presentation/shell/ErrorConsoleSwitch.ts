import { makeAutoObservable } from 'mobx';
import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';

/** Storage key of the /debug error-console switch. */
export const ERROR_CONSOLE_STORAGE_KEY = 'debug_error_console';

/**
 * Whether the /debug error console is on (persisted in storage). Only this is in the entry: the shell reads it to
 * decide whether to load the console, and the console's store (which collects the errors) loads with it, so the
 * first screen does not carry code that almost nobody switches on.
 */
export class ErrorConsoleSwitch {
  enabled: boolean;

  constructor(storage: KeyValueStorage) {
    this.enabled = storage.get(ERROR_CONSOLE_STORAGE_KEY) === '1';
    makeAutoObservable(this);
  }
}
