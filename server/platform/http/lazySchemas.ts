/**
 * Route schemas compiled when a request first needs them. Fastify compiles every route's validators (Ajv) and
 * response serializers (fast-json-stringify) at start: hundreds of them, about a second of CPU per server start, paid
 * again by every test server and every instance that starts, though a test file calls a handful of routes. Outside
 * production each is compiled on first use; in production start compiles them all, so a bad schema stops the start
 * instead of failing a request later (and `npm test` starts production servers too).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
export type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
export type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Compile<F> = (definition: unknown) => F;

/** A validator compiled on its first call; Fastify reads a failed validation's `errors` from the function it holds. */
function lazyValidator(compile: Compile<Validate>, definition: unknown): Validate {
  let validate: Validate | undefined;
  const wrapped: Validate = (data) => {
    validate ??= compile(definition);
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

function lazySerializer(compile: Compile<(data: unknown) => string>, definition: unknown): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(definition))(data);
}

/** `buildValidator` that compiles each route part's validator on first use (or at once when `eager`). */
export function lazyValidatorFactory(factory: BuildValidator, eager: boolean): BuildValidator {
  if (eager) return factory;
  return ((...args: unknown[]) => {
    const compile = (factory as (...a: unknown[]) => Compile<Validate>)(...args);
    return (definition: unknown) => lazyValidator(compile, definition);
  }) as unknown as BuildValidator;
}

/** Fastify's default `buildSerializer`, compiling each response schema on first use (or at once when `eager`). */
export function lazySerializerFactory(eager: boolean): BuildSerializer {
  const factory = SerializerSelector() as unknown as BuildSerializer;
  if (eager) return factory;
  return ((...args: unknown[]) => {
    const compile = (factory as (...a: unknown[]) => Compile<(data: unknown) => string>)(...args);
    return (definition: unknown) => lazySerializer(compile, definition);
  }) as unknown as BuildSerializer;
}
