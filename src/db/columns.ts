import type { ColumnOptions, ValueTransformer } from 'typeorm';

/** BIGINT and DECIMAL come back from mysql2 as strings; ids and scores here are always safe numbers. */
const asNumber: ValueTransformer = {
  to: (v: unknown) => v,
  from: (v: unknown) => (v === null || v === undefined ? v : Number(v)),
};

export const uuidColumn = { type: 'char', length: 36 } as const satisfies ColumnOptions;
export const bigintColumn = { type: 'bigint', unsigned: true, transformer: asNumber } as const satisfies ColumnOptions;
export const decimalColumn = (precision: number, scale: number) =>
  ({ type: 'decimal', precision, scale, transformer: asNumber }) as const satisfies ColumnOptions;
export const timestampColumn = { type: 'datetime', precision: 3 } as const satisfies ColumnOptions;
export const nullableTimestampColumn = { type: 'datetime', precision: 3, nullable: true } as const satisfies ColumnOptions;
export const jsonColumn = { type: 'json' } as const satisfies ColumnOptions;
export const boolColumn = {
  type: 'tinyint',
  transformer: { to: (v: boolean) => (v ? 1 : 0), from: (v: number) => v === 1 },
} as const satisfies ColumnOptions;
