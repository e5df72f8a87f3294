/**
 * Request validation without Ajv's type coercion. Fastify's default coerces every part (`coerceTypes: 'array'`), so
 * a body's `"0x10"` became the number 16, `true` became 1, `[5]` became 5 and `" 5"`, `"+5"` or `"1e3"` passed as
 * numbers (and were charged). Here:
 * - a body field is taken only in its own JSON type;
 * - path params, query strings and headers arrive as text, so their numbers and booleans are read from canonical
 *   text only (`12`, `-3`, `1.5`, `true`, `false`); anything else stays text and fails its schema with 400
 *   validation_error naming the field.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type Schema = Readonly<Record<string, unknown>>;
interface RouteSchemaDefinition {
  readonly schema: Schema;
  readonly httpPart?: string;
}
type ValidateFunction = ((data: unknown) => unknown) & { errors?: unknown };

/** The Ajv options of every part: no coercion; unknown properties dropped; defaults filled; first error only. */
export const STRICT_AJV_OPTIONS = {
  coerceTypes: false,
  removeAdditional: true,
  useDefaults: true,
  allErrors: false,
} as const;

const INTEGER_TEXT = /^(0|-?[1-9]\d{0,15})$/;
const NUMBER_TEXT = /^-?(0|[1-9]\d{0,15})(\.\d{1,16})?$/;

function typesOf(property: unknown): readonly string[] {
  const type = (property as { type?: unknown } | null)?.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** A text value read as its schema's scalar type, or unchanged when it is not that type's canonical text. */
export function fromText(text: string, property: unknown): unknown {
  const types = typesOf(property);
  if (types.includes('string')) return text;
  if (types.includes('integer') && INTEGER_TEXT.test(text)) return Number(text);
  if (types.includes('number') && NUMBER_TEXT.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Reads the text fields of params/querystring/headers as their schema's types before the (strict) validation. */
function readingText(schema: Schema, validate: ValidateFunction): ValidateFunction {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const wrapped: ValidateFunction = (data: unknown) => {
    if (data !== null && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      for (const [name, property] of Object.entries(properties)) {
        const value = record[name];
        if (typeof value === 'string') record[name] = fromText(value, property);
      }
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

type BuildValidator = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/** Fastify's `schemaController.compilersFactory.buildValidator` with the rules above. */
export function strictValidatorFactory(): BuildValidator {
  const pool = AjvCompiler();
  return ((externalSchemas: unknown, ajvServerOptions: { customOptions?: object; plugins?: unknown[] } = {}) => {
    type Pool = ReturnType<typeof AjvCompiler>;
    const compile = pool(
      externalSchemas as Parameters<Pool>[0],
      {
        ...ajvServerOptions,
        customOptions: { ...ajvServerOptions.customOptions, ...STRICT_AJV_OPTIONS },
      } as Parameters<Pool>[1],
    ) as unknown as (definition: RouteSchemaDefinition) => ValidateFunction;
    return (definition: RouteSchemaDefinition) => {
      const validate = compile(definition);
      return definition.httpPart === 'body' ? validate : readingText(definition.schema, validate);
    };
  }) as unknown as BuildValidator;
}
