import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from '@apollo/server';
import { I18nError, Logger } from '@vendure/core';
import type { Request } from 'express';
import {
  DocumentNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLError,
  GraphQLInputType,
  GraphQLSchema,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  OperationDefinitionNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { randomUUID } from 'node:crypto';

import {
  DEFAULT_LIST_MAX,
  DEFAULT_STRING_MAX,
  exceedsLength,
  hasForbiddenCharacters,
  INT_LIMITS,
  isValidId,
  isValidPhone,
  PHONE_FIELDS,
  STRING_LIMITS,
} from './input-limits';

type Ctx = { req: Request & { t?: (key: string, vars?: object) => string } };
const loggerCtx = 'InputBoundary';

/** Words that mark a message as coming from the database or the runtime, never for a client. */
const LEAK =
  /sqlite|QueryFailedError|no such (column|table)|SQL syntax|syntax error at or near|\bER_[A-Z_]{3,}|violates (foreign key|unique|not-null|check) constraint|\n\s+at \S|TypeORM|EntityMetadataNotFound|ECONNREFUSED/i;

/** Codes whose messages are written for the client (GraphQL, Apollo, Vendure, our plugins). */
const CLIENT_CODES = new Set([
  'BAD_USER_INPUT',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'BAD_REQUEST',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'USER_INPUT_ERROR',
  'ILLEGAL_OPERATION',
  'ENTITY_NOT_FOUND',
  'RATE_LIMIT_ERROR',
]);

function translate(req: Ctx['req'] | undefined, key: string, vars: Record<string, unknown>, fallback: string): string {
  try {
    const text = req?.t?.(`error.${key}`, vars);
    if (text && text !== `error.${key}` && text !== key) return text;
  } catch {
    // a broken translation must not turn a clear answer into an internal error
  }
  return fallback.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

interface Violation {
  /** translation key under `error.`; empty with `verbatim` (GraphQL's own coercion message) */
  key: string;
  verbatim?: boolean;
  field: string;
  vars: Record<string, unknown>;
  fallback: string;
}

/**
 * The Shop API's one input boundary (an Apollo plugin, so it sees every operation once, after
 * the document is parsed, validated and its operation chosen, before any resolver runs):
 *
 * 1. Every `ID` argument or input field, anywhere in the operation (root or nested fields,
 *    fragments, lists, input objects), must be a positive safe integer (Vendure's default ids).
 *    Before, "Infinity" or "1e309" reached TypeORM and came back as `SqliteError: no such column`.
 * 2. Every `String` is checked against the limit table (input-limits.ts, README) and for NUL,
 *    other control characters and lone surrogates; strings inside `JSON` values too.
 * 3. Int rules of the table (cart quantities 1..MAX_QUANTITY); lists hold at most DEFAULT_LIST_MAX items.
 * 4. A quantity variable GraphQL cannot coerce (1.5, "2", null) gets the translated quantity
 *    answer; other coercion errors keep GraphQL's own message (one error, BAD_USER_INPUT, 400).
 *
 * A violation answers HTTP 400 with one GraphQL error `extensions.code = BAD_USER_INPUT`,
 * `extensions.field` (the argument path) and `extensions.reason`, in the request's language.
 *
 * Its `willSendResponse` is the error formatter: an error not written for clients (no code,
 * INTERNAL_SERVER_ERROR, or a message with database or stack text) is logged with a correlation
 * id and answered as a generic translated error carrying that id (`extensions.errorId`).
 * It runs after Vendure's TranslateErrorsPlugin (core registers that one first).
 */
export class InputBoundaryApolloPlugin implements ApolloServerPlugin<Ctx> {
  /** Input checks act on this API only (the admin API sends bulk lists); the formatter on all. */
  constructor(private readonly apiPath = 'shop-api') {}

  async requestDidStart(): Promise<GraphQLRequestListener<Ctx>> {
    return {
      // Not async on purpose: a violation throws while Apollo maps the listeners, so the
      // plugins after this one (the rate limiter) do not act on a refused request.
      didResolveOperation: (rc) => {
        const violation = this.check(rc);
        if (violation) {
          rc.response.http.status = 400;
          const req = rc.contextValue?.req;
          if (violation.verbatim) {
            throw new GraphQLError(violation.fallback, { extensions: { code: 'BAD_USER_INPUT', field: violation.field } });
          }
          throw new GraphQLError(translate(req, violation.key, { field: violation.field, ...violation.vars }, violation.fallback), {
            extensions: { code: 'BAD_USER_INPUT', field: violation.field, reason: violation.key },
          });
        }
        return Promise.resolve();
      },
      willSendResponse: (rc) => {
        this.sanitise(rc);
        return Promise.resolve();
      },
    };
  }

  private check(rc: GraphQLRequestContext<Ctx>): Violation | undefined {
    const op = rc.operation as OperationDefinitionNode | undefined;
    const document = rc.document as DocumentNode | undefined;
    const schema = rc.schema as GraphQLSchema;
    if (!op || !document || !schema) return;
    const req = rc.contextValue?.req;
    if (!req || !(req.baseUrl || req.originalUrl || '').includes(`/${this.apiPath}`)) return;

    const argKeyOfVariable = new Map<string, { key: string; field: string }>();
    const coerced = getVariableValues(schema, op.variableDefinitions ?? [], rc.request.variables ?? {}, {
      maxErrors: 1,
    });
    const values = 'coerced' in coerced ? coerced.coerced : undefined;
    let found: Violation | undefined;

    const roots: Array<OperationDefinitionNode | DocumentNode['definitions'][number]> = [
      op,
      ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
    ];
    for (const root of roots) {
      const typeInfo = new TypeInfo(schema);
      visit(
        root,
        visitWithTypeInfo(typeInfo, {
          Argument: (node) => {
            const parent = typeInfo.getParentType();
            const def = typeInfo.getFieldDef();
            if (node.value.kind === Kind.VARIABLE && parent && def) {
              const key = `${parent.name}.${def.name}.${node.name.value}`;
              if (!argKeyOfVariable.has(node.value.name.value)) {
                argKeyOfVariable.set(node.value.name.value, { key, field: node.name.value });
              }
            }
          },
          Field: (node) => {
            if (found || !values || !node.arguments?.length) return;
            const parent = typeInfo.getParentType();
            const def = typeInfo.getFieldDef();
            if (!parent || !def) return;
            let args: Record<string, unknown>;
            try {
              args = getArgumentValues(def, node, values);
            } catch {
              return; // execution answers this one (missing argument...)
            }
            for (const arg of def.args) {
              found ??= this.checkValue(arg.type, args[arg.name], `${parent.name}.${def.name}.${arg.name}`, arg.name);
            }
          },
        }),
      );
    }
    if (found) return found;

    if ('errors' in coerced && coerced.errors?.length) {
      const name = /^Variable "\$([^"]+)"/.exec(coerced.errors[0].message)?.[1] ?? '';
      const use = argKeyOfVariable.get(name);
      const intRule = use ? INT_LIMITS[use.key] : undefined;
      if (use && intRule?.messageKey) {
        return {
          key: intRule.messageKey,
          field: use.field,
          vars: { min: intRule.min, max: intRule.max },
          fallback: 'The quantity must be a whole number from {min} to {max}.',
        };
      }
      // Others keep GraphQL's own message (it names the exact field and type), answered here
      // as one error: left to execution, a long list of wrong items makes one error per item
      // and a codeless "Too many errors processing variables" after the 50th.
      const first = coerced.errors[0];
      return { key: '', field: use?.field ?? name, vars: {}, fallback: first.message, verbatim: true };
    }
  }

  private checkValue(type: GraphQLInputType, value: unknown, key: string, field: string): Violation | undefined {
    if (value === null || value === undefined) return;
    const t = getNullableType(type) as GraphQLInputType;
    if (isListType(t)) {
      if (!Array.isArray(value)) return this.checkValue(t.ofType, value, key, field);
      if (value.length > DEFAULT_LIST_MAX) {
        return {
          key: 'input-too-many-items',
          field,
          vars: { max: DEFAULT_LIST_MAX },
          fallback: '"{field}" has too many items (at most {max}).',
        };
      }
      for (let i = 0; i < value.length; i++) {
        const v = this.checkValue(t.ofType, value[i], key, `${field}.${i}`);
        if (v) return v;
      }
      return;
    }
    if (isInputObjectType(t)) {
      const fields = t.getFields();
      for (const [name, f] of Object.entries(fields)) {
        const v = this.checkValue(f.type, (value as Record<string, unknown>)[name], `${t.name}.${name}`, `${field}.${name}`);
        if (v) return v;
      }
      return;
    }
    const named = getNamedType(t);
    if (!isScalarType(named)) return;
    switch (named.name) {
      case 'ID':
        return isValidId(value) ? undefined : { key: 'input-invalid-id', field, vars: {}, fallback: '"{field}" is not a valid ID.' };
      case 'String': {
        if (typeof value !== 'string') return;
        const v = this.checkString(value, STRING_LIMITS[key]?.max ?? DEFAULT_STRING_MAX, field);
        if (v || !PHONE_FIELDS.has(key) || value === '' || isValidPhone(value)) return v;
        return { key: 'input-phone-invalid', field, vars: {}, fallback: '"{field}" is not a valid phone number.' };
      }
      case 'Int': {
        const rule = INT_LIMITS[key];
        if (rule && typeof value === 'number' && (value < rule.min || value > rule.max)) {
          return {
            key: rule.messageKey ?? 'input-int-out-of-range',
            field,
            vars: { min: rule.min, max: rule.max },
            fallback: '"{field}" must be a whole number from {min} to {max}.',
          };
        }
        return;
      }
      case 'JSON':
        return this.checkJson(value, field, 0);
      default:
        return;
    }
  }

  private checkString(value: string, max: number, field: string): Violation | undefined {
    if (exceedsLength(value, max)) {
      return { key: 'input-too-long', field, vars: { max }, fallback: '"{field}" is too long (at most {max} characters).' };
    }
    if (hasForbiddenCharacters(value)) {
      return { key: 'input-invalid-characters', field, vars: {}, fallback: '"{field}" contains characters that are not allowed.' };
    }
  }

  private checkJson(value: unknown, field: string, depth: number): Violation | undefined {
    if (depth > 20) return { key: 'input-invalid-value', field, vars: {}, fallback: 'The value of "{field}" is not valid.' };
    if (typeof value === 'string') return this.checkString(value, DEFAULT_STRING_MAX, field);
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const found = this.checkString(k, DEFAULT_STRING_MAX, field) ?? this.checkJson(v, field, depth + 1);
        if (found) return found;
      }
    }
  }

  /** The error formatter (see the class comment). */
  private sanitise(rc: GraphQLRequestContext<Ctx>) {
    const body = rc.response.body;
    if (!body || body.kind !== 'single' || !body.singleResult.errors?.length) return;
    const req = rc.contextValue?.req;
    body.singleResult.errors = body.singleResult.errors.map((error) => {
      const e = error as GraphQLError & { extensions?: Record<string, unknown> };
      const original = e instanceof GraphQLError ? e.originalError : undefined;
      const code = e.extensions?.code as string | undefined;
      const writtenForClient =
        !LEAK.test(e.message) &&
        ((code !== undefined && CLIENT_CODES.has(code)) ||
          original instanceof I18nError ||
          (original instanceof GraphQLError && !!original.extensions?.code && original.extensions.code !== 'INTERNAL_SERVER_ERROR') ||
          (!original && !!code && code !== 'INTERNAL_SERVER_ERROR'));
      if (writtenForClient && code !== 'INTERNAL_SERVER_ERROR') return error;
      const errorId = randomUUID();
      const source = original ?? e;
      Logger.error(`[${errorId}] ${source.message} (operation ${rc.operationName ?? '-'})`, loggerCtx, source.stack);
      if (writtenForClient) {
        // a deliberate Vendure internal error (translated by core): keep its text, add the id
        return new GraphQLError(e.message, {
          path: e.path,
          extensions: { code: 'INTERNAL_SERVER_ERROR', errorId },
        });
      }
      return new GraphQLError(
        translate(req, 'input-internal-error', { errorId }, 'Something went wrong on our side. Please try again. Reference: {errorId}'),
        { path: e.path, extensions: { code: 'INTERNAL_SERVER_ERROR', errorId } },
      );
    });
  }
}
