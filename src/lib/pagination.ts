import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { PageParam, Pagination } from './schemas.js';

/** `page` (from 1) and `limit` (1–100), the way every list of the API takes them. */
export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  data: T[];
  pagination: Static<typeof Pagination>;
}

/** The query string of a list: its filters plus `page` and `limit` (default `defaultLimit`). */
export function pageQuery<P extends TProperties>(filters: P, defaultLimit = 25) {
  return Type.Object({ ...filters, page: PageParam, limit: Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit }) });
}

/** The answer of a list: `{data: [item], pagination}`. */
export function pageOf<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), pagination: Pagination });
}

/** Rows to skip for the requested page. */
export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.limit;
}

/** The `pagination` of a page out of `total` items. */
export function paginationOf(total: number, request: PageRequest): Page<unknown>['pagination'] {
  return { page: request.page, limit: request.limit, total, pages: Math.ceil(total / request.limit) };
}

/** A page of items with its pagination; a page past the end is empty, with the real totals. */
export function page<T>(data: T[], total: number, request: PageRequest): Page<T> {
  return { data, pagination: paginationOf(total, request) };
}
