import { getNamedType, getNullableType, isInterfaceType, isListType, isObjectType, Kind, valueFromAST } from 'graphql';
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLArgument,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';

/**
 * The list multiplier GraphQL Armor's cost limit lacks (it multiplies only by literal
 * `first`/`last`): an upper estimate of how many values an operation's answer can hold, counted
 * before it executes. Each selected field is one value; a list multiplies everything under it:
 *
 * - a field with a `take` argument (`homeProducts(take:)`, `searchProducts(take:)`) or an
 *   `options: { take }` input (`products`, `collections`, `productVariants`, `orders`…) returns at
 *   most `take` items, read from the literal or the operation's variables;
 * - without a usable `take` (absent, a variable not given, negative = "all"), a paginated list
 *   (a type with `items` and `totalItems`) counts `pageCap` items, the API's list query limit
 *   (Vendure's `shopListQueryLimit`, 100), and so does any `take` above it;
 * - any other list field (`Product.variants`, `Product.collections`, `Order.lines`…) counts
 *   `listSize` items: data-bound lists the shop keeps short (docs/decisions/027), unless
 *   `listSizes` names the bound the server applies to that field (`HomeFacet.products`: 8).
 *
 * Abstract types count every inline fragment (an over-estimate); fragment spreads count their
 * fragment each time they are spread; a fragment that spreads itself (invalid, refused by GraphQL's
 * validation anyway) counts nothing the second time. No schema walk, no resolver: microseconds.
 */
export interface ListCostOptions {
  /** items a paginated list may return (the API's list query limit) */
  pageCap: number;
  /** items assumed for a list field without `take` */
  listSize: number;
  /** items of list fields the server itself bounds, by `Type.field` */
  listSizes?: Readonly<Record<string, number>>;
}

export function estimateListCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
  options: ListCostOptions,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!rootType) return 0;
  const vars = variables ?? {};
  const inFragment = new Set<string>();

  const selectionCost = (type: GraphQLNamedType, set: SelectionSetNode, pageSize: number | undefined): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) cost += fieldCost(type, sel, pageSize);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const t = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        if (t) cost += selectionCost(t, sel.selectionSet, pageSize);
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (!fragment || inFragment.has(name)) continue;
        const t = schema.getType(fragment.typeCondition.name.value);
        if (!t) continue;
        inFragment.add(name);
        cost += selectionCost(t, fragment.selectionSet, pageSize);
        inFragment.delete(name);
      }
    }
    return cost;
  };

  const fieldCost = (parent: GraphQLNamedType, node: FieldNode, pageSize: number | undefined): number => {
    if (node.name.value.startsWith('__')) return 1;
    if (!isObjectType(parent) && !isInterfaceType(parent)) return 1;
    const def = parent.getFields()[node.name.value];
    if (!def) return 1;
    const named = getNamedType(def.type);
    const take = takeOf(def.args, node, vars);
    const paginated = (isObjectType(named) || isInterfaceType(named)) && 'items' in named.getFields() && 'totalItems' in named.getFields();
    const pageOfThis = paginated ? (take === undefined || take < 0 ? options.pageCap : Math.min(take, options.pageCap)) : undefined;
    const inner = node.selectionSet ? selectionCost(named, node.selectionSet, pageOfThis) : 0;
    let multiplier = 1;
    if (isListType(getNullableType(def.type))) {
      if (node.name.value === 'items' && pageSize !== undefined) multiplier = pageSize;
      else if (take !== undefined && take >= 0) multiplier = Math.min(take, options.pageCap);
      else if (take !== undefined) multiplier = options.pageCap;
      else multiplier = options.listSizes?.[`${parent.name}.${node.name.value}`] ?? options.listSize;
    }
    return multiplier * (1 + inner);
  };

  return selectionCost(rootType, operation.selectionSet, undefined);
}

/** `take: n` or `options: { take: n }`, from a literal or a variable; undefined when unknown. */
function takeOf(args: ReadonlyArray<GraphQLArgument>, node: FieldNode, variables: Record<string, unknown>): number | undefined {
  for (const arg of node.arguments ?? []) {
    const def = args.find((a) => a.name === arg.name.value);
    if (!def || (arg.name.value !== 'take' && arg.name.value !== 'options')) continue;
    let value: unknown;
    try {
      value = valueFromAST(arg.value, def.type, variables);
    } catch {
      value = undefined;
    }
    const take = arg.name.value === 'take' ? value : (value as { take?: unknown } | null | undefined)?.take;
    if (typeof take === 'number' && Number.isFinite(take)) return take;
    // a `take` the operation names but does not fix (a variable not given): count the most
    if (arg.name.value === 'take' || hasTakeField(arg.value)) return -1;
  }
  return undefined;
}

function hasTakeField(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  return value.kind === Kind.OBJECT && value.fields.some((f) => f.name.value === 'take');
}
