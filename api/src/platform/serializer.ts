import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's zod response schema:
 * it writes only the declared properties (as zod's parse did, nothing undeclared leaks) in the
 * schema's order, without checking every value first. Checking the 25 records of a list page with
 * zod and then stringifying them was a tenth of the CPU of a list request (docs/decisions/performance.md,
 * "Answers without a second pass"). With `checkResponses` (the tests) zod still checks each answer
 * first, so a handler returning the wrong shape fails loudly there. A schema that JSON Schema cannot
 * express (a transform) keeps zod's serializer.
 */
export function fastSerializerCompiler(opts: {
  checkResponses: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const stringify = compile(route.schema);
    if (!stringify) return zodSerialize;
    if (!opts.checkResponses) return stringify;
    return (data) => {
      zodSerialize(data); // throws on a wrong shape; its text is the same
      return stringify(data);
    };
  };
}

function compile(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchema;
  } catch {
    return undefined;
  }
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * zod writes `T | null` as anyOf [T, null]; fast-json-stringify would pick the branch by running a
 * validator per value. For a primitive T the same is a type list, which it writes directly.
 */
export function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && isPrimitive(other)) {
      delete out.anyOf;
      return {
        ...out,
        ...other,
        type: [other.type, 'null'],
        ...(other.enum ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
    }
  }
  return out;
}

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);
const isPrimitive = (s: JsonSchema) =>
  typeof s.type === 'string' && primitiveTypes.has(s.type) && s.anyOf === undefined && s.oneOf === undefined;
