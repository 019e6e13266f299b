// Response serializers are built when a route first answers, not when it is registered. Fastify compiles a
// fast-json-stringify function for every response schema of every route at start-up, which was a third of the
// recorder's cold start (a few hundred routes, most of which a given process never serves). The compiler is
// Fastify's own default one, loaded the way Fastify loads it, with the same shared schemas and options: only
// the moment of compiling changes.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'] &
  object;
type RouteSerializerCompiler = ReturnType<SerializerFactory>;

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => SerializerFactory;
};

export function lazySerializers(): FastifyServerOptions['schemaController'] {
  const eager = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, serializerOpts) => {
    const compile = eager(externalSchemas, serializerOpts);
    const lazy: RouteSerializerCompiler = (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
    return lazy;
  };
  return { compilersFactory: { buildSerializer } };
}
