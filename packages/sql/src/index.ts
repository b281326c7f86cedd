export { analyzeParsed, analyzeSql, type SqlAnalysis } from './analyze'
export {
  type AutoLimit,
  type AutoLimitSkip,
  applyAutoLimit,
  DEFAULT_ROW_LIMIT,
  limitedRowsMessage,
  limitForFetch,
  ROW_LIMIT_OPTIONS,
  wasCutOff,
} from './auto-limit'
export { classifySql, type SqlCategory, sqlCategories } from './classify'
export { type DestructiveKind, type DestructiveOperation, destructiveStatements, isDestructive } from './destructive'
export { caretLines, codePointToIndex, indexToCodePoint, originalIndex } from './error-position'
export {
  DEFAULT_QUERY_ERROR_TITLE,
  firstErrorLine,
  SYNTAX_ERROR_CODE,
  type SyntaxErrorReport,
  syntaxErrorReport,
} from './errors'
export { freesSpaceOnly } from './frees-space'
export { CACHED_LISTS, type CachedList, invalidatedLists } from './invalidation'
export {
  type BoundQuery,
  bindParameters,
  extractDirectives,
  ParameterBindingError,
  type ParameterDirective,
  type ParameterValues,
  type ParsedParameters,
  parseParameters,
  type QueryParameter,
} from './parameters'
export {
  type KeywordKind,
  loadSqlAnalyzer,
  PARSER_POSTGRES_VERSION,
  type ParsedSql,
  parseSql,
  type ScannedSql,
  type SqlAnalyzer,
  type SqlSyntaxError,
  type SqlToken,
  scanSql,
} from './parser'
export { findPlaceholders, type Placeholder } from './placeholders'
export { READ_ONLY_BUILTINS, SIDE_EFFECT_FREE_VOLATILE } from './read-only-functions'
export {
  analyzeSafety,
  CONFIRM_EXECUTION_HINT,
  CONFIRM_EXECUTION_QUESTION,
  FUNCTION_CALL_WARNING,
  isSafeQuery,
  SAFE_FUNCTIONS,
  type Safety,
  type SafetyOptions,
  type SafetyReason,
  safetyWarning,
  WRITE_OPERATION_WARNING,
} from './safety'
export { type SqlStatement, type StatementSlice, splitStatements } from './statements'
