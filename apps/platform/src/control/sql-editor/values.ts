import pg from 'pg'

/** Turns a cell's text (Postgres' text output format) into the JSON value the editor shows. */
export type CellParser = (text: string) => unknown

const toNumber: CellParser = (text) => {
  const value = Number(text)
  // NaN and Infinity have no JSON form: keep what Postgres printed
  return Number.isFinite(value) ? value : text
}

const ARRAY_TYPES_PARSED_BY_PG = [
  1000, // _bool
  1005, // _int2
  1007, // _int4
  1009, // _text
  1014, // _bpchar
  1015, // _varchar
  1016, // _int8 (elements stay strings)
  1021, // _float4
  1022, // _float8
  1028, // _oid
  199, // _json
  3807, // _jsonb
  2951, // _uuid
]

const PARSERS = new Map<number, CellParser>([
  [16, (text) => text === 't'],
  [21, toNumber],
  [23, toNumber],
  [26, toNumber],
  [700, toNumber],
  [701, toNumber],
  [114, (text) => JSON.parse(text)],
  [3802, (text) => JSON.parse(text)],
  ...ARRAY_TYPES_PARSED_BY_PG.map((oid): [number, CellParser] => [oid, pg.types.getTypeParser(oid, 'text')]),
])

const asText: CellParser = (text) => text

/**
 * Values the grid can show without losing anything: int8 and numeric stay text (no precision loss),
 * dates and times stay as Postgres prints them (no time zone shift), bytea stays `\x...`.
 */
export function cellParser(typeId: number): CellParser {
  return PARSERS.get(typeId) ?? asText
}

const BUILTIN_TYPE_NAMES = new Map<number, string>([
  ...Object.entries(pg.types.builtins).map(([name, oid]): [number, string] => [oid, name.toLowerCase()]),
  [1000, '_bool'],
  [1001, '_bytea'],
  [1005, '_int2'],
  [1007, '_int4'],
  [1009, '_text'],
  [1014, '_bpchar'],
  [1015, '_varchar'],
  [1016, '_int8'],
  [1021, '_float4'],
  [1022, '_float8'],
  [1028, '_oid'],
  [1115, '_timestamp'],
  [1182, '_date'],
  [1183, '_time'],
  [1185, '_timestamptz'],
  [1231, '_numeric'],
  [199, '_json'],
  [3807, '_jsonb'],
  [2951, '_uuid'],
  [2249, 'record'],
  [2278, 'void'],
  [705, 'unknown'],
  [19, 'name'],
])

export function builtinTypeName(typeId: number): string | undefined {
  return BUILTIN_TYPE_NAMES.get(typeId)
}
