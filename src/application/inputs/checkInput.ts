/**
 * The application boundary's shape check: a use case's input that comes from outside (a form, a command, a backend
 * team's call) is copied into its input class and validated with class-validator before any rule runs, so a missing
 * or mistyped field answers the same `malformed_input` failure wherever the call comes from. What the fields must
 * mean together (amount bounds, text limits, IBANs) stays in src/domain.
 */
import { type ValidationError, validateSync } from 'class-validator';
import { type Result, err, ok } from '../../domain/result';

/** The input itself is malformed: a field missing or of the wrong type or value set. */
export interface MalformedInput {
  readonly kind: 'malformed';
  readonly code: 'malformed_input';
  /** Path of the first failing field, e.g. `channelId` or `method.cardId`. */
  readonly field: string;
  /** class-validator's message, e.g. "channelId must be a positive number". */
  readonly message: string;
}

function firstFailure(errors: readonly ValidationError[], prefix = ''): { field: string; message: string } | null {
  for (const error of errors) {
    const field = prefix + error.property;
    // Decorators apply right to left: the last constraint is the leftmost written one, the type check.
    const message = error.constraints ? Object.values(error.constraints).at(-1) : undefined;
    if (message !== undefined) return { field, message: message.replace(error.property, field) };
    const nested = firstFailure(error.children ?? [], `${field}.`);
    if (nested !== null) return nested;
  }
  return null;
}

/**
 * Validates `raw` as an `Input`: its own enumerable fields are copied onto a new instance (nested objects the class
 * marks `@ValidateNested` must be made by `nest`), unknown fields are ignored. Answers the first failing field.
 */
export function checkInput<Input extends object>(
  Input: new () => Input,
  raw: unknown,
  nest: (input: Input) => void = () => undefined,
): Result<Input, MalformedInput> {
  if (typeof raw !== 'object' || raw === null)
    return err({ kind: 'malformed', code: 'malformed_input', field: '', message: 'the input must be an object' });
  const input = Object.assign(new Input(), raw);
  nest(input);
  const failure = firstFailure(validateSync(input, { forbidUnknownValues: false }));
  return failure === null ? ok(input) : err({ kind: 'malformed', code: 'malformed_input', ...failure });
}

/** `Object.assign(new Class(), value)` for a nested object, or the value unchanged when it is not an object. */
export function instanceOf<T extends object>(Class: new () => T, value: unknown): T | unknown {
  return typeof value === 'object' && value !== null ? Object.assign(new Class(), value) : value;
}
