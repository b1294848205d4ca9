export { InputBoundaryPlugin } from './input-boundary.plugin';
export { InputBoundaryApolloPlugin } from './input-boundary.apollo-plugin';
export { DEFAULT_STRING_MAX, INT_LIMITS, MAX_QUANTITY, STRING_LIMITS, isValidId, hasForbiddenCharacters } from './input-limits';
